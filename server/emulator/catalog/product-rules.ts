/**
 * Whether a product can go into a cart in a given quantity: the spec's product errors 100-107, as the cart
 * resources report them (400 with `[{errorCode, message}]`). Pure, so the rules are tested without a database.
 */

export const PRODUCT_ERROR_MESSAGES = {
  100: "No more available items for current product",
  101: "Not enough inventory for selected quantity",
  102: "No pricing data available",
  103: "Product is a variant parent",
  104: "Product is a set",
  105: "The selected variant is not valid",
  106: "Selling Models are invalid",
  107: "Requested quantity is invalid",
} as const;

export type ProductErrorNumber = keyof typeof PRODUCT_ERROR_MESSAGES;

export interface ProductProblem {
  /** The spec's product error number (100-107). */
  code: ProductErrorNumber;
  errorCode: string;
  message: string;
}

function problem(code: ProductErrorNumber, errorCode: string): ProductProblem {
  return { code, errorCode, message: PRODUCT_ERROR_MESSAGES[code] };
}

export interface PurchasableProduct {
  productClass: "Simple" | "VariationParent" | "Variation" | "Set" | "Bundle";
  isSellable: boolean;
  hasPrice: boolean;
  /** Ids of the selling models the product is sold with; empty for a one-time product. */
  sellingModelIds: string[];
  quantityRule: { minimum: number; maximum: number; increment: number } | null;
}

export interface PurchaseRequest {
  /** The line's quantity after the change (a re-add merges into the existing line). */
  quantity: number;
  sellingModelId: string | null;
}

/**
 * The first rule the purchase breaks, checked in the order a shopper can fix them: what the product is, its
 * price, how it is sold, how many, then stock. `available` is null for a product that isn't stock-tracked.
 */
export function purchaseProblem(
  product: PurchasableProduct,
  request: PurchaseRequest,
  available: number | null,
): ProductProblem | null {
  if (product.productClass === "VariationParent") return problem(103, "VARIATION_PARENT_NOT_ALLOWED");
  if (product.productClass === "Set") return problem(104, "PRODUCT_SET_NOT_ALLOWED");
  if (!product.isSellable) {
    return product.productClass === "Variation" ? problem(105, "INVALID_VARIANT") : problem(100, "ITEM_NOT_AVAILABLE");
  }
  if (!product.hasPrice) return problem(102, "NO_PRICE_AVAILABLE");
  const models = product.sellingModelIds;
  const modelOk = request.sellingModelId === null ? models.length === 0 : models.includes(request.sellingModelId);
  if (!modelOk) return problem(106, "INVALID_SELLING_MODEL");
  const rule = product.quantityRule;
  if (rule) {
    if (request.quantity < rule.minimum) return problem(107, "MISSING_RECORD");
    if ((request.quantity - rule.minimum) % rule.increment !== 0) return problem(107, "INVALID_BATCH_SIZE");
    if (request.quantity > rule.maximum) return problem(107, "MAX_LIMIT_EXCEEDED");
  }
  return stockProblem(request.quantity, available);
}

/** Error 100 when nothing is left, 101 when some is left but not enough. */
export function stockProblem(quantity: number, available: number | null): ProductProblem | null {
  if (available === null || quantity <= available) return null;
  return available <= 0 ? problem(100, "ITEM_NOT_AVAILABLE") : problem(101, "INSUFFICIENT_QUANTITY");
}
