/**
 * The buyer's wishlist: the displayed list (the oldest one, spec §4) with its items, 25 a page (page tokens in
 * `?page=`), each with a remove button, and "Add all to cart". Signed-in buyers only; guests go to sign in.
 *
 * Every form is a POST to this route's action with an `intent` (saveToWishlist — from a product page —,
 * removeFromWishlist, addWishlistToCart). Without JavaScript the action answers 303 with a toast; with it the
 * forms are fetchers, a removed item leaves the page at once, and the revalidation brings the API's list, the
 * header's cart count and the toast.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useFetcher, useFetchers, useLoaderData } from "@remix-run/react";
import { DEFAULT_WISHLIST_NAME } from "../../server/webstore/api/wishlists";
import { isFetchError } from "../../server/webstore/errors";
import { Button } from "~/components/Button";
import { Price } from "~/components/Price";
import { JsMarker, submittedWithJs } from "~/components/store/forms";
import { STORE_NAME } from "~/components/store/Header";
import { RouteErrorBoundary } from "~/components/store/PageError";
import { imageOf, type ProductImage } from "~/components/store/product";
import { EmptyState, LineProblems, LineProductName, LineProductPicture } from "~/components/store/LineProduct";
import { productPath, safeRedirect } from "~/components/store/urls";
import {
  WISHLIST_FIELDS,
  WISHLIST_INTENTS,
  WISHLIST_PATH,
  type WishlistActionData,
} from "~/components/store/WishlistButton";
import { toast, type ToastInput } from "~/toast.server";
import { getWebstore, loginPath, rethrowResponse, serverTimingHeaders } from "~/webstore.server";

export const meta: MetaFunction = () => [{ title: `Wishlist | ${STORE_NAME}` }, { name: "robots", content: "noindex" }];

export const headers = serverTimingHeaders;

export const WISHLIST_PAGE_SIZE = 25;
export const EMPTY_WISHLIST_MESSAGE = "Your wishlist is empty";

// ---------------------------------------------------------------------------------------------
// Reading the API's Wishlist (its shape is only partly documented: read loosely)

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);
const text = (v: unknown): string | undefined => (typeof v === "string" && v.trim() !== "" ? v : undefined);

export interface WishlistItemView {
  id: string;
  productId: string;
  name: string;
  sku?: string;
  urlName?: string;
  image: ProductImage | null;
  salesPrice: string | null;
  listPrice: string | null;
  /** Why the product can't go into a cart right now (the API's item error), if it can't. */
  problem: string | null;
}

export interface WishlistView {
  id: string;
  name: string;
  productCount: number;
  items: WishlistItemView[];
  nextPageToken: string | null;
  previousPageToken: string | null;
}

function itemView(entry: unknown): WishlistItemView | null {
  if (!isObject(entry) || !text(entry.wishlistItemId)) return null;
  const product = isObject(entry.productSummary) ? entry.productSummary : {};
  const productId = text(product.productId);
  if (!productId) return null;
  const name = text(product.name) ?? productId;
  const error = isObject(entry.error) ? entry.error : null;
  return {
    id: entry.wishlistItemId as string,
    productId,
    name,
    sku: text(product.sku),
    urlName: text(product.productUrlName),
    image: imageOf(product.thumbnailImage, name),
    salesPrice: text(entry.salesPrice) ?? null,
    listPrice: text(entry.listPrice) ?? null,
    problem: error ? (text(error.message) ?? text(error.errorCode) ?? null) : null,
  };
}

export function wishlistView(wishlist: unknown): WishlistView | null {
  if (!isObject(wishlist) || !isObject(wishlist.summary) || !text(wishlist.summary.id)) return null;
  const summary = wishlist.summary;
  const page = isObject(wishlist.page) ? wishlist.page : {};
  const items = (Array.isArray(page.items) ? page.items : []).map(itemView).filter((i): i is WishlistItemView => i !== null);
  return {
    id: summary.id as string,
    name: text(summary.name) ?? DEFAULT_WISHLIST_NAME,
    productCount: Math.max(0, Number(summary.wishlistProductCount) || items.length),
    items,
    nextPageToken: text(page.nextPageToken) ?? null,
    previousPageToken: text(page.previousPageToken) ?? null,
  };
}

const products = (n: number) => `${n} ${n === 1 ? "item" : "items"}`;

/** The toast after add-wishlist-to-cart: what went in, and every product that couldn't (name + reason). */
export function wishlistToCartOutcome(result: unknown, names: ReadonlyMap<string, string>): ToastInput {
  const record = isObject(result) ? result : {};
  const added = Math.max(0, Math.floor(Number(record.productsSucceededCount) || 0));
  const failed = (Array.isArray(record.failedWishlistToCartItems) ? record.failedWishlistToCartItems : []).filter(isObject).map((f) => {
    const id = text(f.productId);
    const name = (id && names.get(id)) ?? id ?? "A product";
    const reason = (text(f.message) ?? text(f.errorCode) ?? "It couldn't be added").replace(/\.$/, "");
    return `${name} (${reason})`;
  });
  if (failed.length === 0) {
    return added > 0 ? toast("success", `Added ${products(added)} to your cart.`) : toast("info", `${EMPTY_WISHLIST_MESSAGE}.`);
  }
  if (added === 0) return toast("error", `We couldn't add these items to your cart: ${failed.join("; ")}.`);
  return toast("warning", `Added ${products(added)} to your cart. We couldn't add: ${failed.join("; ")}.`);
}

// ---------------------------------------------------------------------------------------------
// Loader and action

export async function loader({ request, context }: LoaderFunctionArgs) {
  const ws = await getWebstore(request, context);
  if (!ws.shopper.isLoggedIn) throw await ws.redirect(loginPath(WISHLIST_PATH));
  const pageToken = new URL(request.url).searchParams.get("page");
  const summaries = await ws.client.getWishlists({ includeDisplayedList: true, pageSize: WISHLIST_PAGE_SIZE });
  let displayed: unknown = summaries.displayedList ?? null;
  const listId = summaries.displayedList?.summary?.id;
  if (listId && pageToken) {
    try {
      displayed = await ws.client.getWishlist(listId, { page: pageToken, pageSize: WISHLIST_PAGE_SIZE });
    } catch (error) {
      rethrowResponse(error);
      // A stale or made-up page token: the first page is what the shopper gets.
      if (!(isFetchError(error) && error.status === 400)) throw error;
    }
  }
  return ws.reply({ list: wishlistView(displayed), hasPageToken: !!pageToken });
}

const FAILURES: Record<string, string> = {
  [WISHLIST_INTENTS.save]: "We couldn't save this product to your wishlist. Try again.",
  [WISHLIST_INTENTS.remove]: "We couldn't remove that item from your wishlist. Try again.",
  [WISHLIST_INTENTS.addAllToCart]: "We couldn't add your wishlist to your cart. Try again.",
};

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  const withJs = submittedWithJs(formData);
  const intent = String(formData.get(WISHLIST_FIELDS.intent) ?? "");
  const field = (name: string) => String(formData.get(name) ?? "").trim();
  // A save comes from a product page and goes back there; the rest come from, and go back to, this page.
  const back = intent === WISHLIST_INTENTS.save ? safeRedirect(formData.get(WISHLIST_FIELDS.redirectTo), WISHLIST_PATH) : WISHLIST_PATH;
  const ws = await getWebstore(request, context);
  if (!ws.shopper.isLoggedIn) return ws.redirect(loginPath(back), toast("info", "Sign in to save items to your wishlist."));

  const reply = async (note: ToastInput, ok = note.variant !== "error") => {
    if (withJs) {
      // The root loader revalidates after this answer and shows the toast.
      ws.session.flashToast(note);
      return ws.reply<WishlistActionData>({ ok, intent, message: note.message });
    }
    return ws.redirect(back, note);
  };

  const { client } = ws;
  try {
    switch (intent) {
      case WISHLIST_INTENTS.save: {
        const productId = field(WISHLIST_FIELDS.productId);
        if (!productId) return reply(toast("error", "Choose a product to save."));
        const { wishlistId } = await client.addToWishlist(productId);
        // The list's name for the toast; the save itself already succeeded, so a failure here only costs the name.
        const listName = await client
          .getWishlists()
          .then((all) => all.summaries?.find((s) => s.id === wishlistId)?.name)
          .catch((error: unknown) => {
            rethrowResponse(error);
            return undefined;
          });
        return reply(toast("success", `Saved to ${listName || DEFAULT_WISHLIST_NAME}`));
      }
      case WISHLIST_INTENTS.remove: {
        const wishlistId = field(WISHLIST_FIELDS.wishlistId);
        const itemId = field(WISHLIST_FIELDS.itemId);
        const name = field(WISHLIST_FIELDS.productName);
        if (!wishlistId || !itemId) return reply(toast("error", "Choose an item to remove."));
        try {
          await client.removeWishlistItem(wishlistId, itemId);
        } catch (error) {
          rethrowResponse(error);
          // Removed already (another tab, a double submit): what the shopper wanted is done.
          if (isFetchError(error) && error.status === 404) return reply(toast("info", "That item is no longer on your wishlist."), true);
          throw error;
        }
        return reply(toast("success", name ? `Removed ${name} from your wishlist.` : "The item was removed from your wishlist."));
      }
      case WISHLIST_INTENTS.addAllToCart: {
        const wishlistId = field(WISHLIST_FIELDS.wishlistId);
        if (!wishlistId) return reply(toast("error", "Choose a wishlist."));
        const result = await client.addWishlistToCart(wishlistId);
        const names = new Map<string, string>();
        if (Number(result.productsFailedCount) > 0) {
          // The result names failed products by id only: read the list for their names.
          const list = await client.getWishlist(wishlistId, { pageSize: 200 }).catch((error: unknown) => {
            rethrowResponse(error);
            return null;
          });
          for (const item of wishlistView(list)?.items ?? []) names.set(item.productId, item.name);
        }
        return reply(wishlistToCartOutcome(result, names));
      }
      default:
        return reply(toast("error", "Choose an action."));
    }
  } catch (error) {
    rethrowResponse(error);
    return reply(toast("error", FAILURES[intent] ?? "Something went wrong. Try again."));
  }
}

// ---------------------------------------------------------------------------------------------
// Page

function WishlistItem({ item, wishlistId, hidden }: { item: WishlistItemView; wishlistId: string; hidden: boolean }) {
  const remove = useFetcher<WishlistActionData>({ key: `wishlist-remove-${item.id}` });
  const href = productPath({ id: item.productId, urlName: item.urlName, name: item.name });
  const nameId = `wishlist-item-${item.id}-name`;
  const error = remove.data && !remove.data.ok ? remove.data.message : null;
  if (hidden) return null;
  return (
    <li>
      <article className="store-cart-line store-wishlist-item" aria-labelledby={nameId}>
        <LineProductPicture href={href} image={item.image} />
        <div className="store-cart-line__info">
          <LineProductName id={nameId} href={href} name={item.name} sku={item.sku} />
          <p className="store-cart-line__unit">
            <Price
              amount={item.salesPrice ?? item.listPrice}
              originalAmount={item.salesPrice ? item.listPrice : null}
              fallback={<span className="store-muted">Price unavailable</span>}
            />
          </p>
          <LineProblems messages={item.problem ? [item.problem] : []} error={error} />
        </div>
        <div className="store-cart-line__actions">
          <remove.Form method="post" action={WISHLIST_PATH}>
            <JsMarker />
            <input type="hidden" name={WISHLIST_FIELDS.wishlistId} value={wishlistId} />
            <input type="hidden" name={WISHLIST_FIELDS.itemId} value={item.id} />
            <input type="hidden" name={WISHLIST_FIELDS.productName} value={item.name} />
            <Button
              name={WISHLIST_FIELDS.intent}
              value={WISHLIST_INTENTS.remove}
              variant="link"
              size="small"
              pending={remove.state !== "idle"}
            >
              Remove<span className="kit-visually-hidden"> {item.name}</span>
            </Button>
          </remove.Form>
        </div>
      </article>
    </li>
  );
}

function AddAllToCart({ wishlistId }: { wishlistId: string }) {
  const fetcher = useFetcher<WishlistActionData>({ key: "wishlist-add-all" });
  return (
    <fetcher.Form method="post" action={WISHLIST_PATH} className="store-wishlist__add-all" style={{ marginBlock: "1rem" }}>
      <JsMarker />
      <input type="hidden" name={WISHLIST_FIELDS.wishlistId} value={wishlistId} />
      <Button name={WISHLIST_FIELDS.intent} value={WISHLIST_INTENTS.addAllToCart} pending={fetcher.state !== "idle"} pendingLabel="Adding…">
        Add all to cart
      </Button>
    </fetcher.Form>
  );
}

export default function WishlistPage() {
  const { list, hasPageToken } = useLoaderData<typeof loader>();
  const fetchers = useFetchers();
  // Items being removed leave the page at once (with JavaScript); the revalidation confirms it.
  const removing = new Set(
    fetchers
      .filter((f) => f.formData?.get(WISHLIST_FIELDS.intent) === WISHLIST_INTENTS.remove)
      .map((f) => String(f.formData?.get(WISHLIST_FIELDS.itemId) ?? "")),
  );
  const visible = list ? list.items.filter((item) => !removing.has(item.id)) : [];
  const count = list ? Math.max(0, list.productCount - (list.items.length - visible.length)) : 0;

  if (!list || (visible.length === 0 && count === 0)) {
    return (
      <div className="store-page store-wishlist">
        <h1>Wishlist</h1>
        <EmptyState title={EMPTY_WISHLIST_MESSAGE}>
          <p>Save products from their pages to find them here later.</p>
        </EmptyState>
      </div>
    );
  }

  return (
    <div className="store-page store-wishlist">
      <h1>Wishlist</h1>
      <section aria-labelledby="wishlist-title">
        <h2 id="wishlist-title">
          {list.name} <span className="store-muted">({products(count)})</span>
        </h2>
        <AddAllToCart wishlistId={list.id} />
        {visible.length > 0 ? (
          <ul className="store-cart__lines">
            {list.items.map((item) => (
              <WishlistItem key={item.id} item={item} wishlistId={list.id} hidden={removing.has(item.id)} />
            ))}
          </ul>
        ) : (
          <p>
            <Link to={WISHLIST_PATH}>Back to the first page</Link>
          </p>
        )}
        {list.previousPageToken || list.nextPageToken ? (
          <nav aria-label="Wishlist pages" className="store-pagination">
            {list.previousPageToken && hasPageToken ? (
              <Link to={`${WISHLIST_PATH}?${new URLSearchParams({ page: list.previousPageToken })}`} rel="prev" className="store-pagination__link">
                Previous
              </Link>
            ) : null}
            {list.nextPageToken ? (
              <Link to={`${WISHLIST_PATH}?${new URLSearchParams({ page: list.nextPageToken })}`} rel="next" className="store-pagination__link">
                Next
              </Link>
            ) : null}
          </nav>
        ) : null}
      </section>
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
