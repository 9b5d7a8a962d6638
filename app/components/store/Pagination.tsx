import { Link } from "@remix-run/react";
import { pageHref, type Paging } from "~/lib/paging";

/**
 * A Previous / Next link of a pager. Without a page to go to (`to` null) the label stays in place, greyed out
 * and hidden from screen readers, so the pager doesn't shift.
 */
export function PageLink({ to, rel, children }: { to: string | null; rel: "prev" | "next"; children: string }) {
  if (to === null) {
    return (
      <span className="store-pagination__link store-pagination__link--disabled" aria-hidden="true">
        {children}
      </span>
    );
  }
  return (
    <Link to={to} rel={rel} className="store-pagination__link">
      {children}
    </Link>
  );
}

/** Previous / Next links with "Page N of M"; plain links, so paging works without JavaScript. */
export function Pagination({
  paging,
  pathname,
  search,
  label = "Pages",
}: {
  paging: Paging;
  pathname: string;
  search: string;
  label?: string;
}) {
  if (paging.totalPages <= 1) return null;
  return (
    <nav aria-label={label} className="store-pagination">
      <PageLink to={paging.hasPrevious ? pageHref(pathname, search, paging.page - 1) : null} rel="prev">
        Previous
      </PageLink>
      <span className="store-pagination__status" aria-current="page">
        Page {paging.page} of {paging.totalPages}
      </span>
      <PageLink to={paging.hasNext ? pageHref(pathname, search, paging.page + 1) : null} rel="next">
        Next
      </PageLink>
    </nav>
  );
}
