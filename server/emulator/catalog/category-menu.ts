import { booleanParam, illegalQuery } from "../core/paging.js";
import type { RequestContext } from "../core/router.js";
import type { Emu } from "../core/state.js";
import { catalogStore, type CategoryRow } from "./store.js";

/**
 * GET category-menu-items (64.0, Commerce Webstore Category Menu Items): the store's product categories as a
 * Navigation Menu Item Collection `{menuItems}`, each a ConnectApi.NavigationMenuItem: `actionType`, `actionValue`
 * ("the route URL" of an InternalLink), `imageUrl`, `label`, `pageReference` (59.0, "returned only for the
 * Storefront Categories data source", which this is), `subMenu` and `target`.
 *
 * The emulator's choices [I]: a category's route is `/category/{id}`; its page reference the category's record
 * page (`standard__recordPage`, recordId, objectApiName ProductCategory, actionName view); the demo categories have
 * no image, so `imageUrl` is null even with includeImageUrl; maxLevels counts the top level as 1 and maxItems caps
 * each menu level, both unlimited when absent; the home item is `{label: "Home", actionValue: "/"}`.
 */

/** ConnectApi.PublishStatus. Both answer the published catalog: the emulator keeps no draft of it [I]. */
const PUBLISH_STATUSES = ["Draft", "Live"];

function positive(ctx: RequestContext, name: string): number {
  const raw = ctx.query.get(name);
  if (raw === null || raw === "") return Infinity;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) throw illegalQuery(name, raw, "Expected a whole number from 1.");
  return n;
}

function menuItem(label: string, route: string, pageReference: object | null, subMenu: object[]) {
  return {
    actionType: "InternalLink",
    actionValue: route,
    imageUrl: null,
    label,
    pageReference,
    subMenu,
    target: "CurrentWindow",
  };
}

export function categoryMenuItems(emu: Emu, ctx: RequestContext) {
  booleanParam(ctx.query, "includeImageUrl");
  const addHome = booleanParam(ctx.query, "addHomeMenuItem");
  const status = ctx.query.get("publishStatus");
  if (status !== null && status !== "" && !PUBLISH_STATUSES.includes(status))
    throw illegalQuery("publishStatus", status, `Expected ${PUBLISH_STATUSES.join(" or ")}.`);
  const maxLevels = positive(ctx, "maxLevels");
  const maxItems = positive(ctx, "maxItems");
  const catalog = catalogStore(emu);
  // One indexed read of a parent's children per item shown (product_categories_parent), bounded by the two caps.
  const level = (parentId: string | null, depth: number): object[] =>
    depth > maxLevels
      ? []
      : catalog
          .children(parentId)
          .slice(0, maxItems)
          .map((c: CategoryRow) =>
            menuItem(
              c.name,
              `/category/${c.id}`,
              {
                attributes: { actionName: "view", objectApiName: "ProductCategory", recordId: c.id },
                state: {},
                type: "standard__recordPage",
              },
              level(c.id, depth + 1),
            ),
          );
  const items = level(null, 1);
  return { menuItems: addHome ? [menuItem("Home", "/", null, []), ...items] : items };
}
