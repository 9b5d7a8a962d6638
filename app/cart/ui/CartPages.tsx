/**
 * The cart's page links, for a cart of more lines than one page shows (25). Its own module: the cart page loads it
 * only for such a cart (React.lazy in routes/cart.tsx), so the one-page carts most shoppers have never download it.
 */
import { Pagination } from "~/components/store/Pagination";
import { pagingFromPages } from "~/lib/paging";

export default function CartPages({
  currentPage,
  totalPages,
  pathname,
  search,
}: {
  currentPage: number;
  totalPages: number;
  pathname: string;
  search: string;
}) {
  const paging = pagingFromPages(currentPage, totalPages);
  return <Pagination paging={paging} pathname={pathname} search={search} label="Cart pages" />;
}
