import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { Spinner } from "~/components/Spinner";
import { CHECKOUT_STEPS, type CheckoutStepId } from "~/checkout/model/steps";
import { useProcessingRefresh } from "~/components/useProcessingRefresh";

/** The step indicator: steps already done are links, the current one carries aria-current="step". */
export function CheckoutSteps({ current }: { current?: CheckoutStepId }) {
  const index = current ? CHECKOUT_STEPS.findIndex((s) => s.id === current) : -1;
  return (
    <nav aria-label="Checkout steps" className="checkout-steps">
      <ol>
        {CHECKOUT_STEPS.map((step, i) => {
          const state = i < index ? "done" : i === index ? "current" : "todo";
          return (
            <li key={step.id} className={`checkout-steps__step checkout-steps__step--${state}`}>
              {state === "done" ? (
                <Link to={step.path}>
                  {step.label}
                  <span className="kit-visually-hidden"> (done)</span>
                </Link>
              ) : (
                <span aria-current={state === "current" ? "step" : undefined}>{step.label}</span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

/** Every checkout page: the title, the steps, the step's content and the order summary beside it. */
export function CheckoutLayout({
  step,
  children,
  aside,
}: {
  step?: CheckoutStepId;
  children: ReactNode;
  aside?: ReactNode;
}) {
  return (
    <div className="store-page checkout">
      <h1>Checkout</h1>
      <CheckoutSteps current={step} />
      <div className={aside ? "checkout__layout" : "checkout__layout checkout__layout--single"}>
        <div className="checkout__main">{children}</div>
        {aside}
      </div>
    </div>
  );
}

/**
 * The page while the API is still working on the checkout: 'Loading', refreshed by the root's meta refresh
 * without JavaScript and by revalidation with it, on the rest of the wait schedule the server began (decision 020).
 */
export function CheckoutProcessing({ step }: { step: CheckoutStepId }) {
  const { gaveUp } = useProcessingRefresh(true, true);
  return (
    <CheckoutLayout step={step}>
      <div className="checkout-processing">
        <Spinner showLabel size="large" />
        <p className="store-muted">We're getting your checkout ready. This page refreshes by itself.</p>
        {gaveUp ? (
          <p>
            This is taking longer than usual. <Link to={`/checkout/${step}`}>Try again</Link>.
          </p>
        ) : null}
      </div>
    </CheckoutLayout>
  );
}
