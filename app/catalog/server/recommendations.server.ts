/**
 * "Frequently bought together" (issue 37): Einstein's CustomersWhoBoughtAlsoBought recommendations for some
 * products, as priced cards from one read (GET ai/recommendations, 63.0, with the products' names and prices). A
 * page shows them when it can: a failed read, or none to show, is no section, never a failed page.
 */
import { BOUGHT_TOGETHER, recommendationCardViews, type RecommendedCardView } from "~/catalog/model/product";
import type { ShopCore } from "~/shop/core.server";

/** Einstein's id for a shopper without a visitor id (the cqcid cookie must name someone; the store tracks nobody). */
const NO_VISITOR = "storefront";

export async function boughtTogether(
  shop: Pick<ShopCore, "client" | "session">,
  anchors: readonly string[],
  /** Products the page shows already (the cart's lines): never recommended. The anchors are never either. */
  shown: readonly string[] = [],
): Promise<RecommendedCardView[]> {
  if (anchors.length === 0) return [];
  try {
    const answer = await shop.client.getRecommendations({
      recommender: BOUGHT_TOGETHER,
      anchorValues: anchors,
      shopperId: shop.session.get("uvid") ?? NO_VISITOR,
    });
    return recommendationCardViews(answer, [...anchors, ...shown]);
  } catch {
    return [];
  }
}
