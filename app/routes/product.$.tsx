/**
 * Product page: `/product/{productId}` or, as the LWR store links it, `/product/{slug}/{productId}`.
 * "Add to cart" is a POST form (intent=add) that works without JavaScript (303 back here with a toast) and,
 * with JavaScript, submits through a fetcher while the header's count moves at once.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useFetcher, useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { Breadcrumbs } from "~/components/Breadcrumbs";
import { Button } from "~/components/Button";
import { Price } from "~/components/Price";
import { QuantityInput } from "~/components/QuantityInput";
import { STORE_NAME } from "~/lib/brand";
import { errorTitle, pageFailure, RouteErrorBoundary } from "~/components/store/PageError";
import { PriceTiers } from "~/catalog/ui/PriceTiers";
import { ProductComponents } from "~/catalog/ui/ProductComponents";
import { SimilarProducts } from "~/catalog/ui/SimilarProducts";
import { BoughtTogether } from "~/catalog/ui/BoughtTogether";
import { ProductPicture } from "~/components/store/ProductPicture";
import { WishlistButton } from "~/wishlists/ui/WishlistButton";
import { StockLevel, VariationNeeded, VariationPicker } from "~/catalog/ui/VariationPicker";
import { JsMarker } from "~/components/store/forms";
import { categoryPath, idFromSplat, productPath } from "~/lib/paths";
import { requestPath } from "~/lib/request-paths";
// From the header's light module: cart/model's index brings the cart page's optimistic lines and quantity rules.
import { CART_FIELDS, pendingCountChanges } from "~/cart/model/count";
import { QUANTITY_MAX } from "../../server/webstore/limits";
import { SELLING_MODEL_FIELD, SUBSCRIPTION_TERM_FIELD, type SellingModelOption } from "~/cart/model/subscriptions";
import { refusalHeaders, serverTimingHeaders, withShop } from "~/shop.server";
import { seoTags } from "~/seo/model/meta-tags";
import { StructuredData } from "~/seo/ui/StructuredData";

export const meta: MetaFunction<typeof loader> = ({ data: page, error }) => {
  // When the ErrorBoundary renders, the title says what it says: "not found" only for a 404.
  if (error || !page?.product)
    return [{ title: `${errorTitle(pageFailure(error), "Product not found")} | ${STORE_NAME}` }];
  return [
    { title: `${page.product.name} | ${STORE_NAME}` },
    { name: "description", content: page.seo.openGraph.description },
    // Absolute URLs, as search engines want them: the canonical, its alternates, Open Graph (app/seo).
    ...seoTags(page.seo),
  ];
};

export const headers = serverTimingHeaders;

// Adding to the cart changes the cart, not the product: only the root (header count, toast) reloads.
export const shouldRevalidate: ShouldRevalidateFunction = ({ formData, defaultShouldRevalidate }) =>
  pendingCountChanges([formData]).some((change) => change.intent === "add") ? false : defaultShouldRevalidate;

const notFound = () => new Response("Product not found", { status: 404 });

export async function loader(args: LoaderFunctionArgs) {
  return withShop(
    args,
    async ({ request, params, shop }) => {
      // `.md` at the end (or Accept: text/markdown) asks for the page's markdown view.
      const view = shop.seo.view(params["*"], request.headers.get("Accept"));
      const productId = idFromSplat(view.splat);
      if (!productId) throw notFound();
      // After a refused add (no JavaScript) the page comes back with the quantity typed and the option picked.
      const query = new URL(request.url).searchParams;
      const page = await shop.catalog.product(productId, {
        quantity: query.get("quantity"),
        plan: query.get("plan"),
        search: query,
      });
      if (!page) throw notFound();
      if (view.markdown) shop.seo.productMarkdown(page);
      // The family is for the structured data: the picker has what the page shows of it.
      const { family: _family, ...shown } = page;
      return shop.reply({ ...shown, seo: shop.seo.product(page) });
    },
    { browsing: true },
  );
}

export async function action(args: ActionFunctionArgs) {
  return withShop(args, async ({ request, context, params, shop }) => {
    const productId = idFromSplat(params["*"]);
    if (!productId) throw notFound();
    const done = await shop.cart.addFromProductPage(productId, await request.formData(), {
      path: requestPath(request, context),
      search: new URL(request.url).searchParams,
    });
    if (done instanceof Response) return done;
    // A limit's refusal (429, Retry-After) or a crawler's (403) is the page's status: without JavaScript the page
    // renders again with the message and the quantity typed (useActionData).
    const refusal = done.ok ? undefined : done.refusal;
    return shop.reply(done, refusal ? { status: refusal.status, headers: refusalHeaders(refusal) } : undefined);
  });
}

const PLAN_GROUP_ID = "purchase-option";

/**
 * How the product may be bought (its selling models): a radio group, nothing chosen until the shopper chooses
 * (a subscription is never signed up for by default).
 */
function PurchaseOptions({
  options,
  chosen,
  error,
  prices,
  currency,
}: {
  options: readonly SellingModelOption[];
  chosen: string | null;
  error: string | null;
  prices: Readonly<Record<string, string>>;
  currency: string;
}) {
  const errorId = `${PLAN_GROUP_ID}-error`;
  return (
    <fieldset
      className={`store-plans${error ? " store-plans--invalid" : ""}`}
      aria-describedby={error ? errorId : undefined}
    >
      <legend className="store-plans__legend">Purchase option</legend>
      {options.map((option, index) => {
        const id = index === 0 ? PLAN_GROUP_ID : `${PLAN_GROUP_ID}-${index + 1}`;
        return (
          <div key={option.id} className="store-plans__option">
            <input
              type="radio"
              id={id}
              name={SELLING_MODEL_FIELD}
              value={option.id}
              defaultChecked={option.id === chosen}
              aria-describedby={`${id}-detail`}
            />
            {/* The detail is the radio's description, outside its label: the name stays "Monthly Subscription $20.00". */}
            <div className="store-plans__text">
              <label htmlFor={id} className="store-plans__name">
                {option.name}
                {prices[option.id] ? (
                  <>
                    {" "}
                    <Price amount={prices[option.id]} currency={currency} className="store-plans__price" />
                  </>
                ) : null}
              </label>
              <span id={`${id}-detail`} className="store-plans__detail">
                {option.description}
              </span>
              {option.terms.length > 1 ? (
                // A plan sold for one or more terms (its Subscription Term Rule): how long, the shortest first.
                <span className="store-plans__term">
                  <label htmlFor={`${id}-term`}>Term</label>{" "}
                  <select id={`${id}-term`} name={SUBSCRIPTION_TERM_FIELD} defaultValue={option.terms[0].count}>
                    {option.terms.map((t) => (
                      <option key={t.count} value={t.count}>
                        {t.label}
                      </option>
                    ))}
                  </select>
                </span>
              ) : null}
            </div>
          </div>
        );
      })}
      {error ? (
        <p id={errorId} className="store-form-error" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

function quantityHelp(rule: { minimum: number; maximum: number; increment: number } | null): string | undefined {
  if (!rule) return undefined;
  const parts = [`Minimum ${rule.minimum}`];
  if (rule.maximum < QUANTITY_MAX) parts.push(`maximum ${rule.maximum}`);
  if (rule.increment > 1) parts.push(`in steps of ${rule.increment}`);
  return `${parts.join(", ")}.`;
}

export default function ProductPage() {
  const {
    product,
    price,
    quantity: shownQuantity,
    plan: shownPlan,
    planPrices,
    tiers,
    signedIn,
    inWishlist,
    buyId,
    variations,
    stock,
    components,
    similar,
    boughtTogether,
    seo,
  } = useLoaderData<typeof loader>();
  const fetcher = useFetcher<typeof action>();
  // Without JavaScript only a refusal renders the page with the action's answer (every other add redirects).
  const refused = useActionData<typeof action>();
  const answer = fetcher.data ?? refused;
  const pending = fetcher.state !== "idle";
  const error = answer && !answer.ok ? answer.error : null;
  // A problem with the quantity typed is the field's error (aria-invalid, described by it); others show below.
  const quantityProblem = error && answer?.onQuantity ? error : null;
  const planProblem = error && answer?.onPlan ? error : null;
  const kept = refused && !refused.ok ? refused : null;
  const quantity = kept?.quantity ?? shownQuantity;
  const plan = kept?.plan ?? shownPlan;
  // A set is not bought itself (product error 104) and, as the LWR store's page, shows no price of its own: its
  // parts are priced and added one by one below. A bundle is bought whole, its parts listed.
  const isSet = product.productClass === "Set";
  const crumbs = [
    ...product.categoryPath.map((c) => ({ label: c.name, url: categoryPath(c) })),
    { label: product.name },
  ];
  return (
    <div className="store-page store-product">
      <Breadcrumbs items={crumbs} />
      <div className="store-product__layout">
        <div className="store-product__media">
          <ProductPicture image={product.image} size={560} className="store-product__image" />
        </div>
        <div className="store-product__info">
          <h1 className="store-product__title">{product.name}</h1>
          {product.sku ? <p className="store-product__sku">SKU: {product.sku}</p> : null}
          {stock !== null ? <StockLevel units={stock} /> : null}
          {isSet ? null : (
            <p className="store-product__price">
              {price ? (
                <Price
                  amount={price.unitPrice ?? price.listPrice}
                  originalAmount={price.unitPrice ? price.listPrice : null}
                  currency={price.currency}
                  fallback={<span className="store-muted">Price unavailable</span>}
                />
              ) : (
                <span className="store-muted">Price unavailable</span>
              )}
            </p>
          )}
          {variations ? (
            <VariationPicker
              picker={variations}
              // The parent's page: a variation's page chooses among its family there (by id: its name isn't here).
              action={
                variations.parentId === product.id
                  ? productPath(product)
                  : `/product/${encodeURIComponent(variations.parentId)}`
              }
            />
          ) : null}
          <PriceTiers rows={tiers} currency={price?.currency ?? "USD"} />
          {isSet ? null : (
            <fetcher.Form method="post" className="store-product__form" noValidate>
              <JsMarker />
              {product.sellingModels.length > 0 ? (
                <PurchaseOptions
                  options={product.sellingModels}
                  chosen={plan}
                  error={planProblem}
                  prices={planPrices}
                  currency={price?.currency ?? "USD"}
                  key={plan ?? ""}
                />
              ) : null}
              <QuantityInput
                label="Quantity"
                name={CART_FIELDS.quantity}
                defaultValue={quantity}
                key={quantity}
                help={quantityHelp(product.quantityRule)}
                errors={quantityProblem ? [quantityProblem] : null}
              />
              {variations && !buyId ? <VariationNeeded picker={variations} /> : null}
              <Button
                name={CART_FIELDS.intent}
                value="add"
                pending={pending}
                pendingLabel="Adding…"
                size="large"
                disabled={!buyId}
              >
                Add to cart
              </Button>
              {/* Read by the header's optimistic count while the fetcher runs. */}
              <input type="hidden" name={CART_FIELDS.productId} value={buyId ?? product.id} />
              {error && !quantityProblem && !planProblem ? (
                <p className="store-form-error" role="alert">
                  {error}
                </p>
              ) : null}
            </fetcher.Form>
          )}
          {product.productClass === "Bundle" || isSet ? (
            <ProductComponents parts={components} kind={isSet ? "Set" : "Bundle"} />
          ) : null}
          <WishlistButton productId={buyId ?? product.id} signedIn={signedIn} saved={inWishlist} />
          {product.description ? (
            <section aria-labelledby="description-title" className="store-product__description">
              <h2 id="description-title">Description</h2>
              <p>{product.description}</p>
            </section>
          ) : null}
        </div>
      </div>
      <SimilarProducts products={similar} />
      <BoughtTogether products={boughtTogether} />
      <StructuredData blocks={seo.jsonLd} />
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
