import { cartsModule } from "./carts.js";
import { catalogModule } from "./catalog.js";
import type { EmulatorModule } from "./state.js";

/**
 * The API's resource groups beyond context and auth, in seeding order (a module may seed rows that
 * reference an earlier module's). Add a module here to mount it.
 */
export const modules: EmulatorModule[] = [catalogModule, cartsModule];
