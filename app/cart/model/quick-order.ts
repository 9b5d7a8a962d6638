/**
 * The quick order form (/quick-order): rows of SKU and quantity, and a pasted list of `SKU, qty` lines as a
 * spreadsheet copies them. Its field names, limits and words, and how a submission is read into order lines: pure
 * code, shared by the route's action (the authority) and the page.
 */
import { quantityError } from "./quantity-error";
import { validQuantity } from "./quantity";
import { VALIDITY_MESSAGES } from "~/lib/validation/validity";
import { CART_MAX_LINES, LARGE_CART_MAX_LINES } from "../../../server/webstore/limits";

export const QUICK_ORDER_FIELDS = {
  intent: "intent",
  /** How many typed rows the form shows. */
  rows: "rows",
  /** The pasted list. */
  list: "list",
} as const;

export const skuField = (row: number) => `sku-${row}`;
export const quantityField = (row: number) => `quantity-${row}`;

export const QUICK_ORDER_INTENTS = { order: "order", addRows: "addRows" } as const;

/** Empty rows on a fresh form, and how many "Add more rows" adds. */
export const QUICK_ORDER_STARTING_ROWS = 5;
export const QUICK_ORDER_MORE_ROWS = 5;
/** Typed rows the form holds at most; longer orders are pasted. */
export const QUICK_ORDER_MAX_ROWS = 50;
/**
 * Lines (rows and pasted lines together) one order may have: as many as a cart holds, 500, or 2,000 in a store with
 * large carts (Cart Data Limits).
 */
export const QUICK_ORDER_MAX_LINES = CART_MAX_LINES;
export const quickOrderMaxLines = (largeCarts: boolean) => (largeCarts ? LARGE_CART_MAX_LINES : CART_MAX_LINES);
/** The longest SKU (Product2.StockKeepingUnit holds 255 characters). */
export const SKU_MAX_LENGTH = 255;

export const QUICK_ORDER_MESSAGES = {
  badLine: "Enter a SKU and a quantity, separated by a comma, tab or semicolon.",
  unknownSku: "No product in this store has this SKU.",
  notAdded: "We couldn't add this line to your cart. Try again.",
  orderFailed: "We couldn't reach the store to place your order. Nothing was added to your cart; try again.",
  nothingToOrder: "Enter at least one SKU, in a row or in the list.",
  tooManyLines: (count: number, max: number = QUICK_ORDER_MAX_LINES) =>
    `An order can have at most ${max} lines at a time; this one has ${count}. Split the list.`,
  fixLines: (lines: number) =>
    `${lines} ${lines === 1 ? "line needs" : "lines need"} correcting. Nothing was added to your cart yet.`,
  added: (lines: number) => `Added ${lines} ${lines === 1 ? "line" : "lines"} to your cart.`,
} as const;

/** A row as typed, with its problems (none until the form was checked). */
export interface QuickOrderRow {
  sku: string;
  quantity: string;
  skuError?: string;
  quantityError?: string;
}

/** A line of the order: where it came from (a row, or a line of the pasted list, both counted from 1) and what it asks. */
export interface OrderLine {
  source: "row" | "list";
  /** The row's number, or the list line's number counting blank lines (what the shopper sees in the box). */
  number: number;
  sku: string;
  /** The quantity as typed ("" when none was: one unit). */
  quantityText: string;
  /** Null when the line has a problem. */
  quantity: number | null;
  problem?: string;
}

/** A list line's problem, as the page lists them under the box. */
export interface ListProblem {
  line: number;
  text: string;
  message: string;
}

/** What a submission holds, read by `readQuickOrder`. */
export interface QuickOrderSubmission {
  intent: string;
  rowCount: number;
  rows: QuickOrderRow[];
  list: string;
  lines: OrderLine[];
}

type FormLike = { get(name: string): FormDataEntryValue | null };

const text = (form: FormLike, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

/** A quantity as typed: none means one unit; otherwise a whole number from 1, in the kit's words when not. */
function readQuantity(typed: string): { quantity: number | null; problem?: string } {
  if (typed.trim() === "") return { quantity: 1 };
  const quantity = validQuantity(typed);
  if (quantity !== null) return { quantity };
  return { quantity: null, problem: quantityError(typed) ?? VALIDITY_MESSAGES.badNumericInput };
}

function skuProblem(sku: string): string | undefined {
  if (sku === "") return VALIDITY_MESSAGES.valueMissing;
  if (sku.length > SKU_MAX_LENGTH) return VALIDITY_MESSAGES.tooLong;
  return undefined;
}

/** A spreadsheet's heading row ("SKU, Quantity"), skipped when it is the list's first line. */
const HEADING = /^(sku|product sku|item sku|stock keeping unit)$/i;

/**
 * The cells of a pasted line: a spreadsheet copies cells with tabs, a CSV file has commas or semicolons. The first
 * of tab, semicolon and comma the line has separates it, so "ABC-1<tab>1,000" keeps its quantity whole.
 */
function cellsOf(line: string): string[] {
  const separator = ["\t", ";", ","].find((s) => line.includes(s));
  const cells = separator ? line.split(separator).map((c) => c.trim()) : [line.trim()];
  // Cells left empty at the end of a copied row ("ABC-1,2,,") are no cells.
  while (cells.length > 1 && cells[cells.length - 1] === "") cells.pop();
  return cells;
}

/** The lines of a pasted list: blank lines ignored, a missing quantity one unit, each problem named. */
export function readList(list: string): OrderLine[] {
  const lines: OrderLine[] = [];
  const raw = list.split(/\r\n|\r|\n/);
  let first = true;
  raw.forEach((line, index) => {
    if (line.trim() === "") return;
    const cells = cellsOf(line);
    const isFirst = first;
    first = false;
    const [sku = "", quantityText = ""] = cells;
    if (isFirst && HEADING.test(sku)) return;
    const number = index + 1;
    if (cells.length > 2) {
      lines.push({ source: "list", number, sku, quantityText, quantity: null, problem: QUICK_ORDER_MESSAGES.badLine });
      return;
    }
    const quantity = readQuantity(quantityText);
    const problem = skuProblem(sku) ?? quantity.problem;
    lines.push({ source: "list", number, sku, quantityText, quantity: problem ? null : quantity.quantity, problem });
  });
  return lines;
}

/** Reads the form: its rows (all of them, as typed) and the order lines of the rows and the list. */
export function readQuickOrder(form: FormLike): QuickOrderSubmission {
  const asked = Number.parseInt(text(form, QUICK_ORDER_FIELDS.rows), 10);
  const rowCount = Math.min(
    QUICK_ORDER_MAX_ROWS,
    Math.max(1, Number.isFinite(asked) ? asked : QUICK_ORDER_STARTING_ROWS),
  );
  const rows: QuickOrderRow[] = [];
  const lines: OrderLine[] = [];
  for (let number = 1; number <= rowCount; number++) {
    const sku = text(form, skuField(number)).trim();
    const quantityText = text(form, quantityField(number)).trim();
    const row: QuickOrderRow = { sku, quantity: quantityText };
    rows.push(row);
    // An empty row is no line.
    if (sku === "" && quantityText === "") continue;
    const quantity = readQuantity(quantityText);
    row.skuError = skuProblem(sku);
    row.quantityError = quantity.problem;
    const problem = row.skuError ?? row.quantityError;
    lines.push({ source: "row", number, sku, quantityText, quantity: problem ? null : quantity.quantity, problem });
  }
  const list = text(form, QUICK_ORDER_FIELDS.list);
  return { intent: text(form, QUICK_ORDER_FIELDS.intent), rowCount, rows, list, lines: [...lines, ...readList(list)] };
}

/** Rows for the form: the given ones, then empty ones up to `count`. */
export function padRows(rows: readonly QuickOrderRow[], count = QUICK_ORDER_STARTING_ROWS): QuickOrderRow[] {
  const padded = [...rows];
  while (padded.length < Math.min(QUICK_ORDER_MAX_ROWS, count)) padded.push({ sku: "", quantity: "" });
  return padded;
}

/** A line as the list box holds it. */
export function listLine(line: Pick<OrderLine, "sku" | "quantityText">): string {
  return line.quantityText ? `${line.sku}, ${line.quantityText}` : line.sku;
}

/** Where a line is on the page, in words: "Row 2", "List line 14". */
export function lineLabel(line: Pick<OrderLine, "source" | "number">): string {
  return line.source === "row" ? `Row ${line.number}` : `List line ${line.number}`;
}

/** A line added to the cart, as the result lists it. */
export interface AddedLine {
  sku: string;
  name: string;
  quantity: number;
}

/** A line refused (by the form's rules or by the store), as the result lists it: where it is now on the page. */
export interface RefusedLine {
  where: string;
  sku: string;
  quantity: string;
  message: string;
}

/** What the page renders: the form's rows and list, their problems, and the last order's result. */
export interface QuickOrderView {
  /** Changes whenever the server gives the form new contents, so the page renders them afresh. */
  version: string;
  rows: QuickOrderRow[];
  list: string;
  listProblems: ListProblem[];
  /** A problem of the whole order (too many lines, nothing to order, the store failed). */
  formError: string | null;
  added: AddedLine[];
  refused: RefusedLine[];
}

export function emptyQuickOrder(version = "new"): QuickOrderView {
  return {
    version,
    rows: padRows([]),
    list: "",
    listProblems: [],
    formError: null,
    added: [],
    refused: [],
  };
}
