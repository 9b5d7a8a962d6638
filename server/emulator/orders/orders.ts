import { effectiveAccountId } from "../core/context.js";
import { ApiError, invalidInput } from "../core/errors.js";
import { json } from "../core/http.js";
import { isoDate } from "../core/clock.js";
import { catalogStore } from "../catalog/store.js";
import { productImage } from "../catalog/shapes.js";
import { quantity } from "../core/money.js";
import { booleanParam, intParam } from "../core/paging.js";
import { guardedLookup, issueAccessToken, readableOrder, type Credentials, type Verification } from "./access.js";
import { addOrderToCartRoutes } from "./reorder.js";
import { seedOrders } from "./seed.js";
import { addShipmentRoutes, seedShipments } from "./shipments.js";
import { orderReader, type OrderRow, orderHistoryPage, purchasedProducts } from "./store.js";
import {
  adjustmentJson,
  DEFAULT_GROUP_FIELDS,
  DEFAULT_ORDER_FIELDS,
  deliveryGroupJson,
  GROUP_ENTITIES,
  groupView,
  ORDER_FIELDS,
  orderSummaryJson,
  orderView,
} from "./shapes.js";
import { checkFields, fieldsOf } from "./fields.js";
import { enumParam, idPaging, illegal, pageById, pageJson, pageStart, q } from "./paging.js";
import { DEFAULT_ITEM_FIELDS, ITEM_ENTITIES, itemJson, itemView, PRODUCT_FIELDS } from "./item-shapes.js";
import { LOOKUP_ENTITIES, LOOKUP_PARTS, lookupJson, type LookupPart } from "./lookup-shapes.js";
import { parseApiDate, parseFieldList, slicePage, pageOfRead } from "./query.js";
import type { RequestContext, Router } from "../core/router.js";
import type { Emu, EmulatorModule } from "../core/state.js";

/**
 * The order summary resources of the webstore API (reference §8): order history, one order with its delivery
 * groups, items and adjustments, purchased products, lookup (POST with guest details, GET with an access token),
 * guest authorization and reorder (reorder.ts). Who may see an order: access.ts.
 */

export const ORDER_SORTS = ["CreatedDateAsc", "CreatedDateDesc", "OrderedDateAsc", "OrderedDateDesc"] as const;
const PURCHASED_SORTS = ["LastPurchasedDateDesc"] as const;
const MAX_ORDER_FIELDS = 35;
const MAX_GROUP_FIELDS = 15;
// Commerce Webstore Order Items: "List of up to 15 order item summary or product fields".
const MAX_ITEM_FIELDS = 15;
const MAX_LOOKUP_FIELDS = 100;
const MAX_ITEM_ADJUSTMENT_IDS = 100;
// [I] The page sets no limit; the same as the item adjustments' list.
const MAX_AGGREGATE_IDS = 100;

function requireBuyer(ctx: RequestContext) {
  if (!ctx.user) throw new ApiError(401, "INVALID_SESSION_ID", "This resource requires an authenticated user.");
  return ctx.user;
}

/**
 * GET reads of one order (and POST items/adjustments). Commerce Webstore Order Summary: "This API is available only
 * to registered users"; a guest's access token opens the GET lookup only (Order Summary Authorization), so a guest
 * gets the same "not found" here, token or not.
 */
function orderFor(ctx: RequestContext): OrderRow {
  // Validates effectiveAccountId (403 for an account the buyer may not act for); independent of the order.
  if (ctx.user) effectiveAccountId(ctx);
  return readableOrder(ctx, ctx.params.orderSummaryId, {});
}

function loadOrder(emu: Emu, order: OrderRow) {
  const reader = orderReader(emu);
  return {
    order,
    groups: reader.groups(order.id),
    items: reader.items(order.id),
    adjustments: reader.adjustments(order.id),
    payments: reader.payments(order.id),
  };
}

function orderFieldNames(ctx: RequestContext): string[] {
  const requested = q(() => parseFieldList(ctx.query.get("fields"), "fields", MAX_ORDER_FIELDS));
  if (!requested) return DEFAULT_ORDER_FIELDS;
  checkFields(requested, [{ entity: "OrderSummary", catalogue: ORDER_FIELDS, bare: true }]);
  return fieldsOf(requested, "OrderSummary", ORDER_FIELDS, { bareNames: true });
}

function summaryOf(
  ctx: RequestContext,
  order: OrderRow,
  fields: string[],
  withProducts: boolean,
  withAdjustmentDetails: boolean,
) {
  const d = loadOrder(ctx.emu, order);
  return orderSummaryJson(ctx.emu, orderView(order, d.adjustments, d.items), d.items, d.adjustments, fields, {
    withProducts,
    withAdjustmentDetails,
  });
}

function dateParam(query: URLSearchParams, name: string): number | null {
  const raw = query.get(name);
  if (raw === null || raw === "") return null;
  const ms = parseApiDate(raw);
  if (ms === null)
    throw illegal(name, `Invalid value for ${name}: ${JSON.stringify(raw)}. Expected yyyy-MM-dd'T'HH:mm:ss.SSSZ.`);
  return ms;
}

/** The lookup's optional parts to leave out: `excludeParameters` (GET, a list) or `exclude<Part>=true` (POST). */
function excludedParts(query: URLSearchParams): Set<LookupPart> {
  const out = new Set<LookupPart>();
  const list = query.get("excludeParameters");
  for (const name of (list ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean)) {
    if (!(LOOKUP_PARTS as readonly string[]).includes(name)) {
      throw illegal(
        "excludeParameters",
        `Invalid value for excludeParameters: ${JSON.stringify(name)}. Expected any of ${LOOKUP_PARTS.join(", ")}.`,
      );
    }
    out.add(name as LookupPart);
  }
  for (const part of LOOKUP_PARTS) if (booleanParam(query, `exclude${part}`)) out.add(part);
  return out;
}

function lookupFields(query: URLSearchParams): string[] {
  const requested = q(() => parseFieldList(query.get("fields"), "fields", MAX_LOOKUP_FIELDS)) ?? [];
  checkFields(requested, LOOKUP_ENTITIES);
  return requested;
}

const blank = (v: unknown) => typeof v !== "string" || v.trim() === "";

function verificationInput(v: unknown): Verification | null {
  if (v === undefined || v === null) return null;
  if (typeof v !== "object" || Array.isArray(v))
    throw invalidInput("verification must be an object with email, lastName and phoneNumber.");
  return v as Verification;
}

function lookupAnswer(ctx: RequestContext, order: OrderRow, fields: string[], exclude: Set<LookupPart>) {
  const deliveryGroupId = ctx.query.get("deliveryGroupId") || null;
  return json(lookupJson(ctx.emu, loadOrder(ctx.emu, order), fields, exclude, deliveryGroupId));
}

export function orderRoutes(r: Router, emu: Emu) {
  const reader = orderReader(emu);

  r.webstore("GET", "order-summaries", { since: 51 }, (ctx) => {
    const user = requireBuyer(ctx);
    const account = effectiveAccountId(ctx)!;
    const fields = orderFieldNames(ctx);
    const pageSize = intParam(ctx.query, "pageSize", 25, 1, 100);
    const sort = enumParam(ctx.query, "sortOrder", ORDER_SORTS, "OrderedDateDesc");
    const earliest = dateParam(ctx.query, "earliestDate");
    const latest = dateParam(ctx.query, "latestDate");
    if (earliest !== null && latest !== null && earliest > latest)
      throw illegal("earliestDate", "earliestDate must not be after latestDate.");
    const ownerScoped = booleanParam(ctx.query, "ownerScoped", true);
    const includeProducts = booleanParam(ctx.query, "includeProducts");
    const includeAdjustmentDetails = booleanParam(ctx.query, "includeAdjustmentDetails");
    const offset = pageStart(ctx.query, "pageToken", ORDER_SORTS, sort);

    const column = sort.startsWith("Created") ? "created_at" : "ordered_at";
    const direction = sort.endsWith("Asc") ? "ASC" : "DESC";
    // The page and the row after it (is there a next page?).
    const rows = orderHistoryPage(emu, ownerScoped, column, direction, {
      webstore: ctx.webstoreId,
      account,
      ...(ownerScoped ? { owner: user.id } : {}),
      earliest,
      latest,
      limit: pageSize + 1,
      offset,
    });
    const slice = pageOfRead(rows, sort, offset, pageSize);
    return json({
      count: slice.rows.length,
      ...pageJson(ctx, "pageToken", slice),
      orderSummaries: slice.rows.map((o) => summaryOf(ctx, o, fields, includeProducts, includeAdjustmentDetails)),
      sortOrder: sort,
    });
  });

  // Not documented anywhere public; the products a buyer bought for the effective account, most recent first.
  r.webstore("GET", "order-summaries/purchased-products", { since: 55 }, (ctx) => {
    const user = requireBuyer(ctx);
    const account = effectiveAccountId(ctx)!;
    const pageSize = intParam(ctx.query, "pageSize", 25, 1, 100);
    const ownerScoped = booleanParam(ctx.query, "ownerScoped", true);
    const requested = q(() => parseFieldList(ctx.query.get("fields"), "fields", 15)) ?? [];
    checkFields(requested, [{ entity: "Product2", catalogue: PRODUCT_FIELDS, bare: true }]);
    const productFields = fieldsOf(requested, "Product2", PRODUCT_FIELDS, { bareNames: true });
    const offset = pageStart(ctx.query, "pageToken", PURCHASED_SORTS, "LastPurchasedDateDesc");
    const rows = purchasedProducts(emu, { webstore: ctx.webstoreId, account, owner: ownerScoped ? user.id : null });
    const slice = slicePage(rows, "LastPurchasedDateDesc", offset, pageSize);
    const catalog = catalogStore(emu);
    return json({
      count: slice.rows.length,
      ...pageJson(ctx, "pageToken", slice),
      products: slice.rows.map((row) => {
        const p = catalog.product(row.product_id);
        return {
          productId: row.product_id,
          // The catalog's current name; the one on the order when the product has left the catalog.
          name: p?.name ?? row.name,
          sku: p?.sku ?? row.sku,
          lastPurchasedDate: isoDate(row.last_at),
          quantity: quantity(row.qty),
          orderCount: row.orders,
          canViewProduct: !!p,
          media: p ? productImage(p) : null,
          fields: p ? Object.fromEntries(productFields.map((f) => [f, PRODUCT_FIELDS[f].value(p)])) : {},
        };
      }),
    });
  });

  r.webstore("GET", "order-summaries/:orderSummaryId", { since: 55 }, (ctx) => {
    const order = orderFor(ctx);
    const fields = orderFieldNames(ctx);
    const includeAdjustmentDetails = booleanParam(ctx.query, "includeAdjustmentDetails");
    const includeProducts = booleanParam(ctx.query, "includeProducts");
    return json(summaryOf(ctx, order, fields, includeProducts, includeAdjustmentDetails));
  });

  r.webstore("GET", "order-summaries/:orderSummaryId/delivery-groups", { since: 51 }, (ctx) => {
    const order = orderFor(ctx);
    const requested = q(() => parseFieldList(ctx.query.get("fields"), "fields", MAX_GROUP_FIELDS));
    if (requested) checkFields(requested, GROUP_ENTITIES);
    const paging = idPaging(ctx);
    const d = loadOrder(emu, order);
    const slice = pageById(d.groups, paging);
    return json({
      count: slice.rows.length,
      orderDeliveryGroups: slice.rows.map((g) =>
        deliveryGroupJson(groupView(g, d.items, d.adjustments), requested ?? DEFAULT_GROUP_FIELDS),
      ),
      ...pageJson(ctx, "page", slice),
    });
  });

  r.webstore("GET", "order-summaries/:orderSummaryId/items", { since: 51 }, (ctx) => {
    const order = orderFor(ctx);
    const requested = q(() => parseFieldList(ctx.query.get("fields"), "fields", MAX_ITEM_FIELDS));
    if (requested) checkFields(requested, ITEM_ENTITIES);
    const paging = idPaging(ctx);
    const withAdjustmentDetails = booleanParam(ctx.query, "includeAdjustmentDetails");
    const groupId = ctx.query.get("orderDeliveryGroupSummaryId")?.slice(0, 15) || null;
    const d = loadOrder(emu, order);
    const slice = pageById(
      d.items.filter((i) => !groupId || i.order_delivery_group_id === groupId),
      paging,
    );
    return json({
      count: slice.rows.length,
      items: slice.rows.map((i) =>
        itemJson(
          emu,
          itemView(i, d.adjustments),
          d.items,
          d.adjustments,
          requested ?? DEFAULT_ITEM_FIELDS,
          withAdjustmentDetails,
        ),
      ),
      ...pageJson(ctx, "page", slice),
    });
  });

  r.webstore("GET", "order-summaries/:orderSummaryId/adjustments", { since: 53 }, (ctx) => {
    const order = orderFor(ctx);
    const adjustments = reader.adjustments(order.id);
    return json({ adjustments: adjustments.map((a) => adjustmentJson(a, order.currency_iso_code)) });
  });

  // A read, although a POST: the item ids travel in the body.
  r.webstore("POST", "order-summaries/:orderSummaryId/items/adjustments", { since: 53 }, async (ctx) => {
    const body = await ctx.json();
    const list = body?.orderItemSummaries;
    if (!Array.isArray(list) || list.length === 0)
      throw invalidInput("orderItemSummaryIds are required: send orderItemSummaries [{orderItemSummaryId}].");
    if (list.length > MAX_ITEM_ADJUSTMENT_IDS)
      throw invalidInput(`At most ${MAX_ITEM_ADJUSTMENT_IDS} order item summaries per request.`);
    const ids = list.map((e: any) => e?.orderItemSummaryId);
    if (ids.some(blank)) throw invalidInput("Every entry of orderItemSummaries needs an orderItemSummaryId.");
    const order = orderFor(ctx);
    const items = reader.items(order.id);
    const adjustments = reader.adjustments(order.id);
    const out: Record<string, { adjustments: ReturnType<typeof adjustmentJson>[] }> = {};
    for (const raw of ids as string[]) {
      const id = raw.trim().slice(0, 15);
      if (!items.some((i) => i.id === id))
        throw new ApiError(
          400,
          "INVALID_ID_FIELD",
          `Order item summary ${raw} is not part of order summary ${order.id}.`,
        );
      out[id] = {
        adjustments: adjustments
          .filter((a) => a.order_item_id === id)
          .map((a) => adjustmentJson(a, order.currency_iso_code)),
      };
    }
    return json({ orderItemSummaries: out });
  });

  // Commerce Webstore Order Summaries, Adjustment Aggregates: "Submit a job to calculate adjustment aggregates for a
  // list of order summary IDs." The emulator works aggregates out on every read (they are always available), so the
  // job has nothing left to do: it checks the ids and answers where to read them [I: status, statusURL's target].
  r.webstore("POST", "order-summaries/async-actions/adjustment-aggregates", { since: 55 }, async (ctx) => {
    requireBuyer(ctx);
    effectiveAccountId(ctx);
    const body = await ctx.json();
    const ids = body?.orderSummaryIds;
    if (!Array.isArray(ids) || ids.length === 0)
      throw invalidInput("orderSummaryIds is required: send a list of order summary IDs.");
    if (ids.length > MAX_AGGREGATE_IDS)
      throw invalidInput(`At most ${MAX_AGGREGATE_IDS} order summary IDs per request.`);
    if (ids.some(blank)) throw invalidInput("Every entry of orderSummaryIds must be an order summary ID.");
    const orders = (ids as string[]).map((id) => readableOrder(ctx, id.trim(), {}));
    const base = ctx.url.pathname.replace(/\/order-summaries\/async-actions\/adjustment-aggregates$/, "");
    return json({ statusURL: `${base}/order-summaries?includeAdjustmentDetails=true&pageSize=${orders.length}` }, 202);
  });

  r.webstore("POST", "order-summaries/actions/lookup", { since: 58 }, async (ctx) => {
    const body = await ctx.json();
    const key = body?.orderSummaryIdOrRefNumber;
    if (blank(key)) throw invalidInput("orderSummaryIdOrRefNumber is required.");
    const verification = verificationInput(body.verification);
    const fields = lookupFields(ctx.query);
    const exclude = excludedParts(ctx.query);
    if (ctx.user) effectiveAccountId(ctx);
    const order = guardedLookup(ctx, key.trim(), { verification });
    return lookupAnswer(ctx, order, fields, exclude);
  });

  r.webstore("GET", "order-summaries/actions/lookup", { since: 64 }, (ctx) => {
    const key = ctx.query.get("orderSummaryIdOrRefNumber");
    if (blank(key)) throw invalidInput("orderSummaryIdOrRefNumber is required.");
    const fields = lookupFields(ctx.query);
    const exclude = excludedParts(ctx.query);
    if (ctx.user) effectiveAccountId(ctx);
    const order = guardedLookup(ctx, key!.trim(), { accessToken: ctx.query.get("accessToken") });
    return lookupAnswer(ctx, order, fields, exclude);
  });

  r.webstore("POST", "order-summaries/actions/authorize", { since: 64 }, async (ctx) => {
    const body = (await ctx.json()) ?? {};
    const missing = ["orderSummaryRefNumber", "email", "phoneNumber"].filter((f) => blank(body[f]));
    if (missing.length)
      throw invalidInput(`Missing required field${missing.length > 1 ? "s" : ""}: ${missing.join(", ")}.`);
    const creds: Credentials = {
      verification: { email: body.email, phoneNumber: body.phoneNumber, lastName: body.lastName },
      phoneRequired: true,
    };
    const order = guardedLookup(ctx, body.orderSummaryRefNumber.trim(), creds);
    return json({ accessToken: issueAccessToken(emu, order) });
  });

  addOrderToCartRoutes(r, emu);
  addShipmentRoutes(r, emu);
}

export const ordersModule: EmulatorModule = {
  name: "orders",
  routes: orderRoutes,
  // The demo orders, then what their fulfilment shipped.
  seed: (emu) => {
    seedOrders(emu);
    seedShipments(emu);
  },
};
