/**
 * Category results: `/category/{categoryId}` or, as linked from the store, `/category/{slug}/{categoryId}`.
 */
import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Breadcrumbs } from "~/components/Breadcrumbs";
import { STORE_NAME } from "~/components/store/Header";
import { errorTitle } from "~/components/store/PageError";
import { ProductResults } from "~/components/store/ProductResults";
import { ProductSort } from "~/components/store/ProductSort";
import { categoryPath, idFromSplat, pagingFromTotal, readPage, searchPage } from "~/components/store/urls";
import { isFetchError } from "../../server/webstore/errors";
import { chosenSort, productCards, sortChoices } from "~/catalog.server";
import { getBrowsingWebstore, rethrowResponse, serverTimingHeaders } from "~/webstore.server";

export const CATEGORY_PAGE_SIZE = 12;

// When the ErrorBoundary renders, the title says what it says: "not found" only for a 404.
export const meta: MetaFunction<typeof loader> = ({ data: page, error }) => [
  {
    title:
      page?.category && !error
        ? `${page.category.name} | ${STORE_NAME}`
        : `${errorTitle(error, "Category not found")} | ${STORE_NAME}`,
  },
  ...(page?.category && !error
    ? [{ name: "description", content: page.category.description || `${page.category.name} at ${STORE_NAME}.` }]
    : []),
];

export const headers = serverTimingHeaders;

const notFound = () => data("Category not found", { status: 404 });

/** The API refuses an unknown or malformed id with 404 or 400: both are "no such page" to a shopper. */
const isMissing = (error: unknown) => isFetchError(error) && (error.status === 404 || error.status === 400);

type Named = { id: string; name?: string | null; fields?: Record<string, unknown> | null };
const nameOf = (c: Named) => String(c.fields?.Name ?? c.name ?? c.id);

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const categoryId = idFromSplat(params["*"]);
  if (!categoryId) throw notFound();
  const url = new URL(request.url);
  const page = readPage(url.searchParams);
  const ws = await getBrowsingWebstore(request, context);
  const sorts = await sortChoices(ws);
  const sort = chosenSort(sorts, url.searchParams.get("sort"));
  const { apiPage, beyond } = searchPage(page, CATEGORY_PAGE_SIZE);
  try {
    const [category, results, path] = await Promise.all([
      ws.client.getCategory(categoryId),
      ws.client.searchProducts({
        categoryId,
        page: apiPage,
        pageSize: CATEGORY_PAGE_SIZE,
        sortRuleId: sort ?? undefined,
        includePrices: true,
      }),
      ws.client.getCategoryPath(categoryId).catch((error: unknown) => {
        rethrowResponse(error);
        return { path: [] as Named[] };
      }),
    ]);
    const total = results?.productsPage?.total ?? 0;
    const products = beyond ? [] : await productCards(ws, results?.productsPage);
    const children = (
      (results?.categories as { children?: { category?: Named; productCount?: number }[] } | undefined)?.children ?? []
    )
      .filter((child) => child.category?.id)
      .map((child) => ({
        id: child.category!.id,
        name: nameOf(child.category!),
        productCount: child.productCount ?? null,
      }));
    return ws.reply({
      category: {
        id: category.id,
        name: nameOf(category as Named),
        description: String((category.fields as Record<string, unknown> | undefined)?.Description ?? ""),
      },
      trail: (path?.path ?? []).map((c) => ({ id: c.id, name: nameOf(c as Named) })),
      children,
      products,
      total,
      paging: pagingFromTotal(total, CATEGORY_PAGE_SIZE, page),
      sorts,
      sort,
    });
  } catch (error) {
    rethrowResponse(error);
    if (isMissing(error)) throw notFound();
    throw error;
  }
}

export default function CategoryPage() {
  const { category, trail, children, products, total, paging, sorts, sort } = useLoaderData<typeof loader>();
  const crumbs = (trail.length ? trail : [category]).map((c, index, all) => ({
    label: c.name,
    url: index === all.length - 1 ? undefined : categoryPath(c),
  }));
  return (
    <div className="store-page">
      <Breadcrumbs items={crumbs} />
      <h1>{category.name}</h1>
      {category.description ? <p className="store-lead">{category.description}</p> : null}
      {children.length > 0 ? (
        <nav aria-label="Subcategories" className="store-subcategories">
          <ul>
            {children.map((child) => (
              <li key={child.id}>
                <Link to={categoryPath(child)} className="store-chip">
                  {child.name}
                  {child.productCount !== null ? (
                    <span className="store-chip__count"> ({child.productCount})</span>
                  ) : null}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      {products.length > 0 ? <ProductSort options={sorts} value={sort} /> : null}
      <ProductResults
        products={products}
        total={total}
        paging={paging}
        emptyMessage={`No products match “${category.name}” yet.`}
      >
        <p>
          <Link to="/">Back to the home page</Link>
        </p>
      </ProductResults>
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/store/PageError";
