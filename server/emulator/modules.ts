import { addressesModule } from "./addresses.js";
import { cartsModule } from "./carts.js";
import { catalogModule } from "./catalog.js";
import { checkoutsModule } from "./checkouts.js";
import { deliveryGroupsModule } from "./delivery-groups.js";
import { ordersModule } from "./orders.js";
import { paymentsModule } from "./payments.js";
import { seoModule } from "./seo.js";
import { shippingModule } from "./shipping.js";
import { wishlistsModule } from "./wishlists.js";
import type { EmulatorModule } from "./state.js";

/**
 * The API's resource groups beyond context and auth, in seeding order (a module may seed rows that
 * reference an earlier module's). Add a module here to mount it.
 */
export const modules: EmulatorModule[] = [
  catalogModule,
  cartsModule,
  addressesModule,
  shippingModule,
  deliveryGroupsModule,
  checkoutsModule,
  paymentsModule,
  ordersModule,
  seoModule,
  wishlistsModule,
];
