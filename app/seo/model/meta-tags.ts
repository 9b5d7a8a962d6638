/**
 * A page's `SentSeo` (structured-data.ts, made by its loader) as Remix meta descriptors: the canonical link, the
 * hreflang alternates, robots, Open Graph and the Twitter card. Its JSON-LD is not a meta descriptor: Remix would
 * serialize and escape each block again on every render, so the page's component writes the loader's text as it is
 * (ui/StructuredData.tsx). The only part of this slice's model a browser loads: a route's `meta` runs there too, on
 * client navigations.
 */
import type { MetaDescriptor } from "@remix-run/node";
import type { PageSeo } from "./structured-data";

export function seoTags(seo: Omit<PageSeo, "jsonLd"> | null | undefined): MetaDescriptor[] {
  if (!seo) return [];
  const og = seo.openGraph;
  const tags: MetaDescriptor[] = [
    { tagName: "link", rel: "canonical", href: seo.canonical },
    ...seo.alternates.map((a) => ({ tagName: "link", rel: "alternate", hrefLang: a.hreflang, href: a.href })),
    ...(seo.robots ? [{ name: "robots", content: seo.robots }] : []),
    { property: "og:type", content: og.type },
    { property: "og:title", content: og.title },
    { property: "og:description", content: og.description },
    { property: "og:url", content: og.url },
    { property: "og:site_name", content: og.siteName },
    { property: "og:locale", content: og.locale },
    ...(og.image ? [{ property: "og:image", content: og.image }] : []),
    { name: "twitter:card", content: og.image ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: og.title },
    { name: "twitter:description", content: og.description },
    ...(og.image ? [{ name: "twitter:image", content: og.image }] : []),
  ];
  return tags;
}
