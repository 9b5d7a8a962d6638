import { Link } from "@remix-run/react";

/**
 * Previous / Next links of a list the API pages with tokens (`?page=` carries the token): no page count to show,
 * and a link only where the API gave a token. Previous only on a page reached by a token (`paged`): the first page
 * (no `?page=`) offers no way back, whatever token the API lists. A module of its own, so that the pages using
 * Pagination.tsx (the cart's among them) carry none of it.
 */
export function TokenPagination({
  path,
  previousPageToken,
  nextPageToken,
  paged,
  label,
}: {
  path: string;
  previousPageToken?: string | null;
  nextPageToken?: string | null;
  paged: boolean;
  label: string;
}) {
  if (!previousPageToken && !nextPageToken) return null;
  const pageOf = (token: string) => `${path}?${new URLSearchParams({ page: token })}`;
  return (
    <nav aria-label={label} className="store-pagination">
      {previousPageToken && paged ? (
        <Link to={pageOf(previousPageToken)} rel="prev" className="store-pagination__link">
          Previous
        </Link>
      ) : null}
      {nextPageToken ? (
        <Link to={pageOf(nextPageToken)} rel="next" className="store-pagination__link">
          Next
        </Link>
      ) : null}
    </nav>
  );
}
