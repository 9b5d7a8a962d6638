import type { MetaFunction, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { Button } from "~/components/Button";
import { STORE_NAME } from "~/lib/brand";
import { STORE_DESCRIPTION } from "~/seo/model/description";
import { ProductGrid } from "~/catalog/ui/ProductCard";
import { categoryPath } from "~/lib/paths";
import { withShop, serverTimingHeaders } from "~/shop.server";
import { seoTags } from "~/seo/model/meta-tags";
import { StructuredData } from "~/seo/ui/StructuredData";

/** What search engines show under the store's name (a route's meta replaces the root's, so it says it again). */
export const HOME_DESCRIPTION = STORE_DESCRIPTION;

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${STORE_NAME}: Home` },
  { name: "description", content: HOME_DESCRIPTION },
  ...seoTags(data?.seo),
];

export const headers = serverTimingHeaders;

export async function loader(args: LoaderFunctionArgs) {
  return withShop(args, async ({ shop }) => shop.reply({ ...(await shop.catalog.home()), seo: shop.seo.home() }), {
    browsing: true,
  });
}

export default function Home() {
  const { categories, featured, seo } = useLoaderData<typeof loader>();
  return (
    <div className="store-page store-home">
      <section className="store-hero" aria-labelledby="hero-title">
        <div className="store-hero__text">
          <h1 id="hero-title">Great coffee, for the office and at home</h1>
          <p>
            Fresh roasts, brewing equipment and drinkware, shipped fast. Order as a guest, or sign in to shop for your
            business account.
          </p>
          <Form method="get" action="/search" role="search" aria-label="Catalog" className="store-hero__search">
            <label htmlFor="home-search" className="store-hero__label">
              Search the catalog
            </label>
            <div className="store-inline-form">
              <input
                id="home-search"
                type="search"
                name="q"
                className="kit-input"
                placeholder="Try “espresso” or “mug”"
              />
              <Button>Search</Button>
            </div>
          </Form>
        </div>
      </section>

      <section aria-labelledby="categories-title" className="store-section">
        <h2 id="categories-title">Shop by category</h2>
        {categories === null ? (
          <p className="store-muted">Categories are not available right now.</p>
        ) : categories.length === 0 ? (
          <p className="store-muted">The catalog has no categories yet.</p>
        ) : (
          <ul className="store-category-tiles">
            {categories.map((category) => (
              <li key={category.id}>
                <Link to={categoryPath(category)} className="store-category-tile">
                  <span className="store-category-tile__name">{category.name}</span>
                  {category.description ? (
                    <span className="store-category-tile__text">{category.description}</span>
                  ) : null}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="featured-title" className="store-section">
        <h2 id="featured-title">Featured products</h2>
        {featured === null ? (
          <p className="store-muted">Products are not available right now.</p>
        ) : featured.length === 0 ? (
          <p className="store-muted">No products yet.</p>
        ) : (
          <ProductGrid products={featured} />
        )}
      </section>
      <StructuredData blocks={seo.jsonLd} />
    </div>
  );
}
