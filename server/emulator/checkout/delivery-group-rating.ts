import type { CartItemRow, CartRow } from "../carts/store.js";
import {
  cartItemJson,
  cartItems,
  loadCartView,
  loadRecordedPricing,
  type CartLine,
  type CartSummaryView,
  type CartView,
} from "../carts/view.js";
import type { PricedLine } from "../carts/pricing.js";
import { anyProductShort, keptCartItems } from "../carts/summary-memo.js";
import { tracksInventory } from "../catalog/inventory.js";
import { money } from "../core/money.js";
import { illegalQuery, intParam, pageFields, pageWindow } from "../core/paging.js";
import type { RequestContext } from "../core/router.js";
import { deliveryMethodJson, shippingFeeCents, taxCents, type DeliveryMethodRow, type TaxType } from "./shipping.js";
import type { Emu } from "../core/state.js";
import {
  type GroupRow,
  ensureDeliveryGroupsOf,
  type GroupAddress,
  GROUP_SORTS,
  shippingStore,
  hasAddress,
} from "./store.js";

/** Rating a cart's delivery groups (shipping and tax per group) and the groups' JSON. */

/** What a line costs after its item promotions and its share of the cart's promotions (pre-tax). */
export function lineNetCents(l: CartLine): number {
  return pricedNetCents(l.priced);
}

function pricedNetCents(p: PricedLine): number {
  return p.lineCents + p.itemAdjustmentCents + p.cartAdjustmentCents;
}

export interface CheckoutError {
  type: string;
  title: string;
  detail: string;
  instance: string | null;
}

/** A delivery group rated: what the checkout's totals and the group's JSON without its items need. */
export interface GroupRating {
  row: GroupRow;
  lineCount: number;
  /** Σ sale price × quantity of the group's lines, before promotions. */
  productCents: number;
  /** After promotions: what free-shipping thresholds and tax look at. */
  netProductCents: number;
  methods: DeliveryMethodRow[];
  selected: DeliveryMethodRow | null;
  shippingCents: number;
  shippingTaxCents: number;
  lineTaxCents: Map<string, number>;
  taxCents: number;
  errors: CheckoutError[];
}

export interface RatedGroup extends GroupRating {
  lines: CartLine[];
}

export interface RatedCart {
  view: CartView;
  groups: RatedGroup[];
  shippingCents: number;
  taxCents: number;
  grandTotalCents: number;
  taxType: TaxType;
}

/** A line's amounts as rating a group needs them. */
interface LineAmounts {
  id: string;
  groupId: string | null;
  lineCents: number;
  netCents: number;
}

/** What a group's rating sums of its lines: the same for every rate and method, so it can be kept (keptSums). */
interface GroupSums {
  ids: string[];
  nets: number[];
  productCents: number;
  netProductCents: number;
  /** The lines' tax by the tax type and rate it was computed at (`${taxType} ${basis points}`). */
  taxes: Map<string, { lineTaxCents: Map<string, number>; taxCents: number }>;
}

const NO_LINES: Omit<GroupSums, "taxes"> = { ids: [], nets: [], productCents: 0, netProductCents: 0 };

/** A line's amounts as its group's rating sums them: what it costs before and after its promotions. */
function lineAmounts(item: CartItemRow, priced: PricedLine): LineAmounts {
  return {
    id: item.id,
    groupId: item.cart_delivery_group_id,
    lineCents: priced.lineCents,
    netCents: pricedNetCents(priced),
  };
}

/** The lines' sums by their group (a line without a group counts in none). */
function sumsByGroup(lines: readonly LineAmounts[]): Map<string, GroupSums> {
  const sums = new Map<string, GroupSums>();
  for (const l of lines) {
    if (l.groupId === null) continue;
    let g = sums.get(l.groupId);
    if (!g) sums.set(l.groupId, (g = { ids: [], nets: [], productCents: 0, netProductCents: 0, taxes: new Map() }));
    g.ids.push(l.id);
    g.nets.push(l.netCents);
    g.productCents += l.lineCents;
    g.netProductCents += l.netCents;
  }
  return sums;
}

/**
 * The sums of a cart's groups by the frozen amounts of its lines they were summed from (carts/view.ts
 * loadRecordedPricing: the same array while the cart's lines and promotions are unchanged), so reading an unchanged
 * checkout again does no work per line (issue 41). Rates, methods and addresses are read on every rating.
 */
const keptSums = new WeakMap<readonly PricedLine[], Map<string, GroupSums>>();

function rateGroup(emu: Emu, taxType: TaxType, row: GroupRow, groupSums: GroupSums | undefined): GroupRating {
  const store = shippingStore(emu);
  const sums = groupSums ?? { ...NO_LINES, taxes: new Map() };
  const lineCount = sums.ids.length;
  const netProductCents = sums.netProductCents;
  // A group with no address of its own is rated for the address the cart's shipping was evaluated for, if any
  // ([I] evaluate-shipping "populates CartDeliveryGroupMethods"): it lists what ships there, and selects nothing.
  const methods = store.methodsFor(row.address_country ?? store.evaluatedCountry(row.cart_id));
  const selected = methods.find((m) => m.id === row.delivery_method_id) ?? null;
  const shippingCents = selected && lineCount ? shippingFeeCents(selected, netProductCents) : 0;
  const rate = store.taxRate(row.address_country, row.address_region);
  // Each line's tax rounded on its own, as before: only the tax type and the rate's basis points change it.
  const taxKey = `${taxType} ${rate?.rateBasisPoints ?? 0}`;
  let lineTax = sums.taxes.get(taxKey);
  if (!lineTax) {
    const lineTaxCents = new Map(sums.ids.map((id, i) => [id, taxCents(taxType, rate, sums.nets[i], 0)]));
    lineTax = { lineTaxCents, taxCents: [...lineTaxCents.values()].reduce((a, b) => a + b, 0) };
    sums.taxes.set(taxKey, lineTax);
  }
  const shippingTaxCents = taxCents(taxType, rate, 0, shippingCents);
  const errors: CheckoutError[] = [];
  if (hasAddress(row) && methods.length === 0 && lineCount) {
    errors.push({
      type: "/commerce/errors/shipping-failure",
      title: "We can't ship to this address.",
      detail: `No delivery method ships to ${row.address_country}. Choose another address for ${row.name}.`,
      instance: row.id,
    });
  }
  return {
    row,
    lineCount,
    productCents: sums.productCents,
    netProductCents,
    methods,
    selected,
    shippingCents,
    shippingTaxCents,
    lineTaxCents: lineTax.lineTaxCents,
    taxCents: lineTax.taxCents + shippingTaxCents,
    errors,
  };
}

/** The cart's shipping, tax and grand total from its rated groups. */
function cartTotalsOf(groups: GroupRating[], productsCents: number, taxType: TaxType) {
  const shippingCents = groups.reduce((a, g) => a + g.shippingCents, 0);
  const tax = groups.reduce((a, g) => a + g.taxCents, 0);
  return {
    shippingCents,
    taxCents: tax,
    // Gross prices already hold their tax: it is shown, never added.
    grandTotalCents: productsCents + shippingCents + (taxType === "Net" ? tax : 0),
  };
}

export function rateGroups(emu: Emu, view: CartView, groups: GroupRow[]): RatedCart {
  const taxType: TaxType = view.taxType === "Gross" ? "Gross" : "Net";
  const sums = sumsByGroup(view.lines.map((l) => lineAmounts(l.item, l.priced)));
  const rated = groups.map((row): RatedGroup => {
    const group = rateGroup(emu, taxType, row, sums.get(row.id));
    const lineIds = new Set(sums.get(row.id)?.ids);
    return { ...group, lines: view.lines.filter((l) => lineIds.has(l.item.id)) };
  });
  return {
    view,
    groups: rated,
    ...cartTotalsOf(rated, view.pricing.totals.totalProductAfterAdjustmentsCents, taxType),
    taxType,
  };
}

/** A checkout's rating: the cart's summary, its groups rated, and the totals they make. */
export interface CheckoutRating {
  cart: CartRow;
  processing: boolean;
  summary: CartSummaryView;
  groups: GroupRating[];
  shippingCents: number;
  taxCents: number;
  grandTotalCents: number;
  taxType: TaxType;
  /** What `errors` lists for a ready checkout. */
  errors: CheckoutError[];
}

/**
 * The checkout's rating without reading the catalog line by line (issue 23): the cart's totals from its running
 * totals, each line's amounts (for its group's tax) from its recorded prices (loadRecordedPricing), one query for
 * stock. The same answer as rating the cart's full view (rateCart); a cart short of stock is rated that way, so its
 * errors are inventoryErrors' own (`fullRating`: checkouts.ts's, which lists them).
 */
export function rateCheckout(
  emu: Emu,
  cart: CartRow,
  processing: boolean,
  fullRating: (rated: RatedCart) => CheckoutRating,
): CheckoutRating {
  // The lines' rows as kept between reads (summary-memo.ts): unchanged lines, the same array, and with it the same
  // amounts (loadRecordedPricing) and group sums (keptSums).
  const items = keptCartItems(emu, cart.id);
  const { groups, moved } = ensureDeliveryGroupsOf(emu, cart.id, items);
  const appContext = emu.store.applicationContext(cart.webstore_id);
  if (tracksInventory(appContext) && anyProductShort(emu, cart.id))
    return fullRating(rateGroups(emu, loadCartView(emu, cart, processing, moved ? undefined : items), groups));
  const pricing = loadRecordedPricing(emu, cart, processing, moved ? undefined : items);
  const taxType: TaxType = pricing.summary.taxType === "Gross" ? "Gross" : "Net";
  let sums = keptSums.get(pricing.lines);
  if (!sums) {
    sums = sumsByGroup(pricing.items.map((item, i) => lineAmounts(item, pricing.lines[i])));
    if (Object.isFrozen(pricing.lines)) keptSums.set(pricing.lines, sums);
  }
  const groupSums = sums;
  const rated = groups.map((row) => rateGroup(emu, taxType, row, groupSums.get(row.id)));
  return {
    cart,
    processing,
    summary: pricing.summary,
    groups: rated,
    ...cartTotalsOf(rated, pricing.summary.totals.totalProductAfterAdjustmentsCents, taxType),
    taxType,
    errors: rated.flatMap((g) => g.errors),
  };
}

/** The cart with its groups (made sure of) and their rates. */
export function rateCart(emu: Emu, cart: CartRow, processing = false): RatedCart {
  // The items are read once, for the groups' check and the view, unless the check moved some.
  const items = cartItems(emu, cart.id);
  const { groups, moved } = ensureDeliveryGroupsOf(emu, cart.id, items);
  return rateGroups(emu, loadCartView(emu, cart, processing, moved ? undefined : items), groups);
}

// ---------------------------------------------------------------------------------------------------------
// JSON

export function groupAddressJson(g: GroupAddress) {
  if (!hasAddress(g)) return null;
  return {
    id: g.address_id,
    name: g.address_name,
    firstName: g.address_first_name,
    lastName: g.address_last_name,
    companyName: g.address_company_name,
    street: g.address_street,
    city: g.address_city,
    region: g.address_region,
    postalCode: g.address_postal_code,
    country: g.address_country,
    shipToPhoneNumber: g.address_phone_number,
  };
}

/** A cart item inside a rated group: the cart's item JSON with the group's tax filled in. */
function ratedItemJson(rated: RatedCart, g: RatedGroup, line: CartLine) {
  const item = cartItemJson(rated.view, line);
  const tax = g.lineTaxCents.get(line.item.id) ?? 0;
  const added = rated.taxType === "Net" ? tax : 0;
  const m = (cents: number) => (rated.view.processing ? null : money(cents));
  return {
    ...item,
    totalTax: m(tax),
    totalAmount: m(lineNetCents(line) + added),
    firstPymtTotalAmount: m(lineNetCents(line) + added),
    firstPymtTotalTax: m(tax),
  };
}

export function deliveryGroupJson(rated: RatedCart, g: RatedGroup, cartItemLimit: number, now: number) {
  return groupRatingJson(
    rated.view,
    g,
    now,
    cartItemLimit > 0
      ? {
          cartItems: g.lines
            .slice(0, cartItemLimit)
            .map((l) => ({ cartItem: ratedItemJson(rated, g, l), status: "Success", message: null })),
          totalItemCount: g.lines.length,
        }
      : null,
  );
}

/** A rated group's JSON with `cartItems` as given (null when the request asks for none). */
export function groupRatingJson(
  view: { cart: CartRow; processing: boolean },
  g: GroupRating,
  now: number,
  cartItems: { cartItems: unknown[]; totalItemCount: number } | null,
) {
  const currency = view.cart.currency_iso_code;
  const row = g.row;
  const methodJson = (m: DeliveryMethodRow) => deliveryMethodJson(m, g.netProductCents, now, currency);
  return {
    id: row.id,
    name: row.name,
    isDefault: row.is_default === 1,
    cartId: row.cart_id,
    deliveryAddress: groupAddressJson(row),
    desiredDeliveryDate: row.desired_delivery_date,
    shippingInstructions: row.shipping_instructions,
    availableDeliveryMethods: g.methods.map(methodJson),
    selectedDeliveryMethod: g.selected ? methodJson(g.selected) : null,
    cartItems,
    errors: g.errors,
    totalCartItemCount: g.lineCount,
    totalProductAmount: view.processing ? null : money(g.productCents),
    isGift: row.is_gift === 1,
    giftMessage: row.gift_message,
    giftToName: row.gift_to_name,
    isAllDigitalCartItems: false,
    customFields: [],
  };
}

/**
 * A Delivery Group Collection page: `pageSize` 1–100, default 25, and a `page` token, as the resource documents them
 * (connect_resources_commerce_webstore_cart_delivery_groups.htm); there is no `limit` parameter.
 */
export function deliveryGroupCollectionJson(ctx: RequestContext, rated: RatedCart) {
  const q = ctx.query;
  const size = intParam(q, "pageSize", 25, 1, 100);
  const cartItemLimit = intParam(q, "cartItemLimit", 0, 0, 100);
  const sort = q.get("sort") || null;
  if (sort !== null && !(GROUP_SORTS as readonly string[]).includes(sort))
    throw illegalQuery("sort", sort, `Expected one of ${GROUP_SORTS.join(", ")}.`);
  const groups = [...rated.groups];
  if (sort === "CreatedDateDesc") groups.reverse();
  if (sort === "NameAsc") groups.sort((a, b) => a.row.name.localeCompare(b.row.name));
  if (sort === "NameDesc") groups.sort((a, b) => b.row.name.localeCompare(a.row.name));
  const window = pageWindow(q, groups.length, size);
  const now = ctx.emu.clock.now();
  const { currentPage: _p, totalItemCount: _t, totalNumberOfPages: _n, ...tokens } = pageFields(ctx.url, window);
  return {
    count: groups.length,
    items: groups
      .slice(window.offset, window.offset + size)
      .map((g) => deliveryGroupJson(rated, g, cartItemLimit, now)),
    ...tokens,
  };
}
