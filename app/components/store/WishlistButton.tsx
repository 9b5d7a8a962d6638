/**
 * "Add to wishlist" on a product: a POST form to /wishlist (intent=save) that works without JavaScript (303 back
 * to the product with a toast) and, with it, runs as a fetcher so the page stays put. Guests get a link to sign
 * in instead: wishlists belong to signed-in buyers.
 */
import { Link, useFetcher, useLocation } from "@remix-run/react";
import { Button } from "../Button";
import { JsMarker } from "./forms";

/** Where every wishlist form posts. */
export const WISHLIST_PATH = "/wishlist";

/** Field names of the wishlist forms, shared by the forms and the /wishlist action. */
export const WISHLIST_FIELDS = {
  intent: "intent",
  productId: "productId",
  productName: "productName",
  wishlistId: "wishlistId",
  itemId: "wishlistItemId",
  redirectTo: "redirectTo",
} as const;

export const WISHLIST_INTENTS = {
  save: "saveToWishlist",
  remove: "removeFromWishlist",
  addAllToCart: "addWishlistToCart",
} as const;

/** What the /wishlist action answers a fetcher (without JavaScript it redirects instead). */
export interface WishlistActionData {
  ok: boolean;
  intent: string;
  message: string;
}

export const SIGN_IN_TO_SAVE = "Sign in to save items";

/** Room between the cart form above and the description below (the kit has no class for it). */
const SPACING = { marginBlock: "1rem" } as const;

export function WishlistButton({
  productId,
  signedIn,
  redirectTo,
}: {
  productId: string;
  signedIn: boolean;
  /** Where to come back to (without JavaScript, and after signing in); default: this page. */
  redirectTo?: string;
}) {
  const fetcher = useFetcher<WishlistActionData>({ key: `wishlist-save-${productId}` });
  const location = useLocation();
  const back = redirectTo ?? `${location.pathname}${location.search}`;
  if (!signedIn) {
    return (
      <p className="store-wishlist-button" style={SPACING}>
        <Link to={`/login?${new URLSearchParams({ redirectTo: back })}`}>{SIGN_IN_TO_SAVE}</Link>
      </p>
    );
  }
  const error = fetcher.data && !fetcher.data.ok ? fetcher.data.message : null;
  return (
    <fetcher.Form method="post" action={WISHLIST_PATH} className="store-wishlist-button" style={SPACING}>
      <JsMarker />
      <input type="hidden" name={WISHLIST_FIELDS.productId} value={productId} />
      <input type="hidden" name={WISHLIST_FIELDS.redirectTo} value={back} />
      <Button
        name={WISHLIST_FIELDS.intent}
        value={WISHLIST_INTENTS.save}
        variant="neutral"
        pending={fetcher.state !== "idle"}
        pendingLabel="Saving…"
      >
        Add to wishlist
      </Button>
      {error ? (
        <p className="store-form-error" role="alert">
          {error}
        </p>
      ) : null}
    </fetcher.Form>
  );
}
