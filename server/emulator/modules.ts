import { addressesModule } from "./accounts/addresses.js";
import { cartsModule } from "./carts/carts.js";
import { catalogModule } from "./catalog/catalog.js";
import { checkoutsModule } from "./checkout/checkouts.js";
import { deliveryGroupsModule } from "./checkout/delivery-groups.js";
import { ordersModule } from "./orders/orders.js";
import { paymentsModule } from "./checkout/payments.js";
import { seoModule } from "./catalog/seo.js";
import { inventoryLevelsModule } from "./catalog/inventory-levels.js";
import { myProfileModule } from "./identity/myprofile.js";
import { shippingModule } from "./checkout/shipping.js";
import { productTaxesModule } from "./checkout/product-taxes.js";
import { subscriptionsModule } from "./subscriptions/subscriptions.js";
import { wishlistsModule } from "./wishlists/wishlists.js";
import type { EmulatorModule } from "./core/state.js";

/**
 * The API's resource groups beyond context and auth, in seeding order (a module may seed rows that
 * reference an earlier module's). Add a module here to mount it.
 */
export const modules: EmulatorModule[] = [
  catalogModule,
  cartsModule,
  addressesModule,
  shippingModule,
  productTaxesModule,
  deliveryGroupsModule,
  checkoutsModule,
  paymentsModule,
  ordersModule,
  subscriptionsModule,
  seoModule,
  inventoryLevelsModule,
  wishlistsModule,
  myProfileModule,
];
