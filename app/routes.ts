/**
 * The store's routes (Remix's v3_routeConfig, decision 019): app/routes/'s files, named and nested as Remix 2's flat
 * routes convention does it, so the routes, their ids and URLs are what they were. React Router 7 reads the same
 * file. Dotfiles and tests next to the route files are not routes.
 */
import { flatRoutes } from "@remix-run/fs-routes";
import type { RouteConfig } from "@remix-run/route-config";

export default flatRoutes({ ignoredRouteFiles: ["**/.*", "**/*.test.*"] }) satisfies RouteConfig;
