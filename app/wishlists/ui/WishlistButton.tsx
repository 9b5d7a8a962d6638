/**
 * "Add to wishlist" on a product: a POST form to /wishlist (intent=save) that works without JavaScript (303 back
 * to the product with a toast) and, with it, runs as a fetcher so the page stays put. Guests get a link to sign
 * in instead: wishlists belong to signed-in buyers. A product already on the list shows "On your wishlist" with a
 * link to it instead of the button.
 */
import { Link, useFetcher, useLocation } from "@remix-run/react";
import type { Wishlist } from "../../../server/webstore/index";
import { Button } from "~/components/Button";
import { JsMarker } from "~/components/store/forms";
import { WISHLIST_FIELDS, WISHLIST_INTENTS, type WishlistActionData } from "~/wishlists/forms/fields";
import { WISHLIST_PATH } from "~/lib/paths";

/** Where "Add to wishlist" posts (the list pages post to themselves). */

export const SIGN_IN_TO_SAVE = "Sign in to save items";

/** Whether a wishlist answer (`displayedList`, or one list) holds the product on the page it brought. */
export function listHasProduct(list: Wishlist | null | undefined, productId: string): boolean {
  return list?.page.items.some((item) => item.productSummary?.productId === productId) ?? false;
}

/** Room between the cart form above and the description below (the kit has no class for it). */
const SPACING = { marginBlock: "1rem" } as const;

export function WishlistButton({
  productId,
  signedIn,
  saved = false,
  redirectTo,
}: {
  productId: string;
  signedIn: boolean;
  /** The product is on the shopper's wishlist already: the page says so, with a link to the list. */
  saved?: boolean;
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
  // Saved: by the loader's look at the list, or by this page's own save (before the revalidation says so).
  const savedHere = fetcher.state === "idle" && fetcher.data?.ok === true;
  if (saved || savedHere) {
    return (
      <p className="store-wishlist-button" style={SPACING} role="status">
        On your wishlist. {/* The button just pressed is gone: focus lands on the link that replaced it. */}
        <Link
          to={WISHLIST_PATH}
          ref={(link) => void (savedHere && link && document.activeElement === document.body && link.focus())}
        >
          View wishlist
        </Link>
      </p>
    );
  }
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
