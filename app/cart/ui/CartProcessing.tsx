/**
 * The cart while the API is still calculating it: 'Loading', what is going on, and once the page has stopped reloading
 * itself a way to reload it by hand. Its own module: the cart page loads it only while the cart is processing
 * (React.lazy in routes/cart.tsx). The server renders it into the page, so it shows before hydration and without
 * JavaScript.
 */
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { Spinner } from "~/components/Spinner";

export default function CartProcessing({ gaveUp, children }: { gaveUp: boolean; children?: ReactNode }) {
  return (
    <>
      <Spinner showLabel />
      {children}
      {gaveUp ? (
        <p>
          This is taking longer than usual. <Link to="/cart">Reload the cart</Link>.
        </p>
      ) : null}
    </>
  );
}
