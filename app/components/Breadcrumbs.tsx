import { useHref } from "@remix-run/react";
import { BREADCRUMBS_HOME_LABEL, limitBreadcrumbs, type BreadcrumbItem } from "~/lib/links";

export type BreadcrumbDivider = "/" | ">";

export type BreadcrumbsProps = {
  items: readonly BreadcrumbItem[];
  /** Show the Home link first (it does not count toward the 5 items). Default true. */
  showHome?: boolean;
  homeUrl?: string;
  homeLabel?: string;
  divider?: BreadcrumbDivider;
  /** Name of the nav landmark; keep the default unless a page shows several trails. */
  label?: string;
  className?: string;
};

/**
 * The trail to the current page: a nav landmark named Breadcrumbs holding an ordered list, the last
 * item marked aria-current="page". Dividers are decoration and hidden from assistive technology.
 */
export function Breadcrumbs({
  items,
  showHome = true,
  homeUrl = "/",
  homeLabel = BREADCRUMBS_HOME_LABEL,
  divider = "/",
  label = "Breadcrumbs",
  className,
}: BreadcrumbsProps) {
  const trail = limitBreadcrumbs(items, { showHome, homeUrl, homeLabel });
  if (trail.length === 0) return null;
  return (
    <nav aria-label={label} className={["kit-breadcrumbs", className].filter(Boolean).join(" ")}>
      <ol className="kit-breadcrumbs__list">
        {trail.map((item, index) => {
          const current = index === trail.length - 1;
          return (
            <li key={`${index}-${item.label}`} className="kit-breadcrumbs__item">
              {index > 0 ? (
                <span className="kit-breadcrumbs__divider" aria-hidden="true">
                  {divider}
                </span>
              ) : null}
              {item.url ? (
                <BreadcrumbLink url={item.url} current={current} label={item.label} />
              ) : (
                <span className="kit-breadcrumbs__text" aria-current={current ? "page" : undefined}>
                  {item.label}
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

/**
 * A crumb's link (a plain <a>: the trail may hold any URL the content gives): a store path under the base path, as
 * <Link> puts it (useStoreHref in ./store-href does the same; inlined here, where category and product pages would
 * load that module as a chunk of its own).
 */
function BreadcrumbLink({ url, current, label }: { url: string; current: boolean; label: string }) {
  const storePath = url.startsWith("/") && !url.startsWith("//");
  const href = useHref(storePath ? url : "/");
  return (
    <a href={storePath ? href : url} className="kit-breadcrumbs__link" aria-current={current ? "page" : undefined}>
      {label}
    </a>
  );
}
