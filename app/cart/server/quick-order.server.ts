/**
 * A quick order against the API: the SKUs looked up (GET products?skus=), then the lines added with
 * cart-items/batch, one call per 100 lines (the resource's documented limit), in the order typed. Every line ends
 * added or refused with its reason in the shopper's words (lib/api-errors: the spec's product errors 100-107).
 */
import { BATCH_MAX_INPUTS, isFetchError, type BatchResult } from "../../../server/webstore/index";
import { productErrorField, productErrorOf, shopperMessageFor } from "~/lib/api-errors";
import {
  emptyQuickOrder,
  lineLabel,
  listLine,
  padRows,
  QUICK_ORDER_INTENTS,
  QUICK_ORDER_MAX_LINES,
  QUICK_ORDER_MESSAGES,
  QUICK_ORDER_MORE_ROWS,
  QUICK_ORDER_STARTING_ROWS,
  type AddedLine,
  type OrderLine,
  type QuickOrderRow,
  type QuickOrderSubmission,
  type QuickOrderView,
  type RefusedLine,
} from "~/cart/model/quick-order";
import { caught, cartErrorMessage, cartProductError } from "~/shop/errors.server";
import type { CartShop } from "./ref.server";
import { isLimitReachedError } from "~/shop/limits.server";
import type { JsonField } from "~/lib/json";

/** SKUs per product lookup: the list travels in the URL, so it is kept to the batch's size. */
const SKU_LOOKUP_SIZE = 100;

/** A line the form accepted: a SKU and a whole quantity. */
export type ValidLine = OrderLine & { quantity: number };

export interface LineOutcome {
  line: ValidLine;
  /** The product's name (the cart line's, or the lookup's). */
  name?: string;
  /** Why the line was not added; absent when it was. */
  refusal?: { message: string; onQuantity: boolean };
}

type LinesOutcome =
  | { kind: "done"; lines: LineOutcome[] }
  /** Nothing was added: the store couldn't be asked (the message says so), or the guest must sign in first. */
  | { kind: "failed"; message: string; signIn?: true };

interface Found {
  id: string;
  name?: string;
}

const chunks = <T>(items: readonly T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

/** The products the SKUs name (a SKU that names none the shopper may see is left out). */
async function findProducts(shop: CartShop, skus: readonly string[]): Promise<Map<string, Found>> {
  const found = new Map<string, Found>();
  for (const part of chunks(skus, SKU_LOOKUP_SIZE)) {
    const answer = await shop.client.getProductsBySku(part, { fields: ["Name"] });
    for (const product of answer.products) {
      const sku = product.sku ?? (product.fields?.StockKeepingUnit as string | undefined);
      if (!product.id || product.success === false || typeof sku !== "string") continue;
      // Product Overview's documented name is its `Name` field (asked for); the cart line's name replaces it once added.
      const named = product.fields?.Name ?? product.name;
      const name = typeof named === "string" ? named : undefined;
      found.set(sku, { id: product.id, name });
    }
  }
  return found;
}

/**
 * A refused batch result in the shopper's words. Boundary: Batch Result's `result` is an Object the API fills with
 * the item or, on a refusal, an error array; it is read here, where it is told apart.
 */
function refusalOf(statusCode: number, result: JsonField): { message: string; onQuantity: boolean } {
  const first = Array.isArray(result) ? (result[0] as { errorCode?: string; message?: string } | undefined) : undefined;
  const message =
    shopperMessageFor({ status: statusCode, code: first?.errorCode, message: first?.message }) ??
    // A product the API can't find by the id its own lookup gave is, for the shopper, a SKU the store doesn't sell.
    (first?.errorCode === "INVALID_ID_FIELD" ? QUICK_ORDER_MESSAGES.unknownSku : QUICK_ORDER_MESSAGES.notAdded);
  const field = productErrorField(
    productErrorOf({ status: statusCode, code: first?.errorCode, message: first?.message }),
  );
  return { message, onQuantity: field === "quantity" };
}

/**
 * One batch call: the answer's results, in the order of the inputs. A batch some of whose inputs were refused comes
 * back from the client as a FetchError carrying the whole answer: the other inputs were added.
 */
async function addBatch(
  shop: CartShop,
  write: (send: (cart: string) => Promise<BatchResult>) => Promise<BatchResult>,
  inputs: { productId: string; quantity: number }[],
): Promise<BatchResult["results"]> {
  try {
    return (await write((cart) => shop.client.addCartItems(cart, inputs))).results;
  } catch (error) {
    const body = isFetchError(error) ? (error.body as Partial<BatchResult> | undefined) : undefined;
    if (Array.isArray(body?.results) && body.results.length === inputs.length) return body.results;
    throw error;
  }
}

/**
 * Adds the lines to the shopper's cart. `write` opens the cart to add to (the cart domain's writeToCart); a guest
 * of a store without guest carts ends in `signIn`. Refused lines keep their order.
 */
async function addLines(
  shop: CartShop,
  lines: readonly ValidLine[],
  write: <T>(send: (cart: string) => Promise<T>) => Promise<T>,
): Promise<LinesOutcome> {
  let products: Map<string, Found>;
  try {
    products = await findProducts(shop, [...new Set(lines.map((line) => line.sku))]);
  } catch (error) {
    return { kind: "failed", message: cartErrorMessage(caught(error), QUICK_ORDER_MESSAGES.orderFailed) };
  }
  const outcomes: LineOutcome[] = lines.map((line) =>
    products.has(line.sku)
      ? { line, name: products.get(line.sku)!.name }
      : { line, refusal: { message: QUICK_ORDER_MESSAGES.unknownSku, onQuantity: false } },
  );
  const toAdd = outcomes.filter((outcome) => !outcome.refusal);
  let addedAny = false;
  for (const part of chunks(toAdd, BATCH_MAX_INPUTS)) {
    const inputs = part.map(({ line }) => ({ productId: products.get(line.sku)!.id, quantity: line.quantity }));
    let results: BatchResult["results"];
    try {
      results = await addBatch(shop, write, inputs);
    } catch (error) {
      if ((error as { name?: string }).name === "GuestCartDisabledError" && !addedAny)
        return { kind: "failed", message: (error as Error).message, signIn: true };
      // The whole call failed: its lines were not added (the next batch may still be). A limit (a new cart refused)
      // says so in its own words.
      const failure = caught(error);
      const message = isLimitReachedError(failure.error)
        ? failure.error.message
        : cartErrorMessage(failure, QUICK_ORDER_MESSAGES.notAdded);
      const onQuantity = productErrorField(cartProductError(failure)) === "quantity";
      for (const outcome of part) outcome.refusal = { message, onQuantity };
      continue;
    }
    part.forEach((outcome, index) => {
      const result = results[index];
      if (result && result.statusCode < 300) {
        addedAny = true;
        const name = (result.result as { name?: unknown } | null)?.name;
        if (typeof name === "string" && name) outcome.name = name;
        return;
      }
      outcome.refusal = refusalOf(result?.statusCode ?? 400, result?.result);
    });
  }
  return { kind: "done", lines: outcomes };
}

// ---------------------------------------------------------------------------------------------------------
// The form the page shows after a submission

/**
 * How a quick order submission ends: the form again (200 with more rows; 400 with its problems or with the lines
 * the store refused), every line added, or a guest who must sign in first.
 */
export type QuickOrderReply =
  | { kind: "form"; status: 200 | 400; view: QuickOrderView }
  | { kind: "added"; lines: number }
  | { kind: "signIn"; message: string };

/** Answers a quick order submission (cart/model/quick-order's readQuickOrder): more rows, or the order placed. */
export async function quickOrder(
  shop: CartShop,
  submission: QuickOrderSubmission,
  write: <T>(send: (cart: string) => Promise<T>) => Promise<T>,
  maxLines: number = QUICK_ORDER_MAX_LINES,
): Promise<QuickOrderReply> {
  if (submission.intent === QUICK_ORDER_INTENTS.addRows)
    return { kind: "form", status: 200, view: withMoreRows(submission) };
  const checked = checkQuickOrder(submission, maxLines);
  if (!checked.ok) return { kind: "form", status: 400, view: checked.view };
  const outcome = await addLines(shop, checked.lines, write);
  if (outcome.kind === "failed") {
    if (outcome.signIn) return { kind: "signIn", message: outcome.message };
    return { kind: "form", status: 400, view: failedOrder(submission, outcome.message) };
  }
  const view = orderResult(outcome.lines);
  if (view.refused.length === 0) return { kind: "added", lines: view.added.length };
  return { kind: "form", status: 400, view };
}

/** A checked submission: the lines to order, or the form again with every problem (nothing was sent). */
function checkQuickOrder(
  submission: QuickOrderSubmission,
  maxLines: number,
): { ok: true; lines: ValidLine[] } | { ok: false; view: QuickOrderView } {
  const again = (formError: string | null): { ok: false; view: QuickOrderView } => ({
    ok: false,
    view: {
      version: newVersion(),
      rows: padRows(submission.rows, submission.rowCount),
      list: submission.list,
      listProblems: submission.lines
        .filter((line) => line.source === "list" && line.problem)
        .map((line) => ({ line: line.number, text: listLine(line), message: line.problem! })),
      formError,
      added: [],
      refused: [],
    },
  });
  if (submission.lines.length === 0) return again(QUICK_ORDER_MESSAGES.nothingToOrder);
  if (submission.lines.length > maxLines)
    return again(QUICK_ORDER_MESSAGES.tooManyLines(submission.lines.length, maxLines));
  const problems = submission.lines.filter((line) => line.problem).length;
  if (problems > 0) return again(QUICK_ORDER_MESSAGES.fixLines(problems));
  return { ok: true, lines: submission.lines as ValidLine[] };
}

/** The form with more empty rows, everything typed kept and nothing checked yet. */
function withMoreRows(submission: QuickOrderSubmission): QuickOrderView {
  return {
    ...emptyQuickOrder(newVersion()),
    rows: padRows(
      submission.rows.map(({ sku, quantity }) => ({ sku, quantity })),
      submission.rowCount + QUICK_ORDER_MORE_ROWS,
    ),
    list: submission.list,
  };
}

/** The form whose order failed as a whole: everything kept, the reason above it. */
function failedOrder(submission: QuickOrderSubmission, message: string): QuickOrderView {
  return {
    ...emptyQuickOrder(newVersion()),
    rows: padRows(submission.rows, submission.rowCount),
    list: submission.list,
    formError: message,
  };
}

/**
 * After the order: what was added, and the refused lines back in the form where they were typed (rows first, then
 * the list), each with its reason; the lines added leave the form.
 */
function orderResult(outcomes: readonly LineOutcome[]): QuickOrderView {
  const rows: QuickOrderRow[] = [];
  const listLines: string[] = [];
  const refused: RefusedLine[] = [];
  const added: AddedLine[] = [];
  for (const { line, name, refusal } of outcomes) {
    if (!refusal) {
      added.push({ sku: line.sku, name: name ?? line.sku, quantity: line.quantity });
      continue;
    }
    const now =
      line.source === "row"
        ? { source: line.source, number: rows.length + 1 }
        : { source: line.source, number: listLines.length + 1 };
    if (line.source === "row") {
      rows.push({
        sku: line.sku,
        quantity: line.quantityText,
        ...(refusal.onQuantity ? { quantityError: refusal.message } : { skuError: refusal.message }),
      });
    } else {
      listLines.push(listLine(line));
    }
    refused.push({
      where: lineLabel(now),
      sku: line.sku,
      quantity: line.quantityText || "1",
      message: refusal.message,
    });
  }
  return {
    version: newVersion(),
    rows: padRows(rows, rows.length + (rows.length ? 2 : QUICK_ORDER_STARTING_ROWS)),
    list: listLines.join("\n"),
    listProblems: [],
    formError: null,
    added,
    refused,
  };
}

let versions = 0;
/** A new version for the form's contents (the page renders its fields afresh when it changes). */
function newVersion(): string {
  versions = (versions + 1) % Number.MAX_SAFE_INTEGER;
  return `${Date.now().toString(36)}-${versions}`;
}
