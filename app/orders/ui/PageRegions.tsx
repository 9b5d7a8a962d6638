/**
 * The hidden regions of an order page (spec §2 "Order Lookup view"): search-engine metadata, a view-change
 * notifier for screen readers and the page data layer. (The session validator lives in the root layout: it
 * watches every page.)
 */
import { useLocation } from "@remix-run/react";
import { useEffect, useState } from "react";
import type { SeoProperties } from "~/orders/model";
import type { Json, JsonValue } from "~/lib/json";

type MetaTag = { title: string } | { name: string; content: string } | { property: string; content: string };

/**
 * The page's meta tags: its own title (the page keeps its name), then what the record's SEO properties say.
 * Order pages are never worth indexing.
 */
export function seoMeta(title: string, seo: SeoProperties | null | undefined): MetaTag[] {
  const tags: MetaTag[] = [{ title }, { name: "robots", content: "noindex" }];
  if (seo?.description) tags.push({ name: "description", content: seo.description });
  if (seo?.keywords) tags.push({ name: "keywords", content: seo.keywords });
  if (seo?.title) tags.push({ property: "og:title", content: seo.title });
  if (seo?.description) tags.push({ property: "og:description", content: seo.description });
  if (seo?.imageUrl) tags.push({ property: "og:image", content: seo.imageUrl });
  return tags;
}

/**
 * Tells screen-reader users that the view changed: client-side navigations move no focus and change no
 * document the reader announces, so the page's name is spoken through a polite live region. Empty on the
 * server render (a full page load is announced by the browser itself).
 */
export function ViewChangeNotifier({ message }: { message: string }) {
  const location = useLocation();
  const [announced, setAnnounced] = useState("");
  useEffect(() => {
    // A live region speaks changes only: clear first, then set, so the same page name is announced again.
    setAnnounced("");
    const timer = setTimeout(() => setAnnounced(message), 100);
    return () => clearTimeout(timer);
  }, [message, location.key]);
  return (
    <div className="kit-visually-hidden" aria-live="polite" aria-atomic="true" data-region="view-change-notifier">
      {announced}
    </div>
  );
}

/** JSON inside a script element: `<` escaped so no value can close the element. */
export function serializeDataLayer(data: JsonValue): string {
  return JSON.stringify(data)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/** The page data layer: non-personal facts about the page for analytics tags, as JSON. */
export function PageDataLayer({ data }: { data: Json }) {
  return (
    <script
      type="application/json"
      id="page-data-layer"
      // Escaped by serializeDataLayer; a JSON script element is data, never run.
      dangerouslySetInnerHTML={{ __html: serializeDataLayer(data) }}
    />
  );
}
