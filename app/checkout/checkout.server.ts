/**
 * The checkout slice's one server face: what the routes call, as `shop.checkout` (app/shop.server.ts wires it over the
 * request's core with the siblings it needs). A step's route is parse → one call here → a reply or a redirect:
 * `page()` for its loader, `submit(form)` for its action, which answers a redirect or the page's data with its
 * status (StepAnswer). The steps' work is in ./server/<step>.server.ts; the checkout's own (the active checkout, its
 * session keys, recovering from the API's failures, placing the order, payment links) in ./server/internals.server.ts,
 * whose members the face also carries for the composition (the header's count on a step) and the cart (its pay-now
 * link).
 */
import { data } from "@remix-run/node";
import type { ShopCore } from "~/shop/core.server";
import { toast } from "~/shop/toast.server";
import { CHECKOUT_START_PATH, loginPath, orderAccessPath, stepPath } from "~/lib/paths";
import { CHECKOUT_MESSAGES } from "~/checkout/model/failures";
import {
  createCheckoutInternals,
  type CheckoutInternals,
  type CheckoutSiblings,
  type StepAnswer,
  type StepShop,
} from "~/checkout/server/internals.server";
import {
  shippingPage,
  submitShipping,
  type ShippingActionData,
  type ShippingPage,
} from "~/checkout/server/shipping.server";
import {
  deliveryPage,
  submitDelivery,
  type DeliveryActionData,
  type DeliveryPage,
} from "~/checkout/server/delivery.server";
import { paymentPage, submitPayment, type PaymentActionData, type PaymentPage } from "~/checkout/server/payment.server";
import { placeOrder, reviewPage, type ReviewActionData, type ReviewPage } from "~/checkout/server/review.server";
import { payNowAction, payNowPage, type PayNowPage } from "~/checkout/server/pay-now.server";

export type {
  CheckoutPageData,
  CheckoutSiblings,
  LoadedCheckout,
  StepAnswer,
} from "~/checkout/server/internals.server";
export type { CartSibling, OrdersSibling } from "~/checkout/server/session.server";

/** The steps, each a page and its form's answer. */
export interface CheckoutSteps {
  /** /checkout: starts or resumes the shopper's checkout; always throws a redirect (shipping, or sign in first). */
  begin(): Promise<never>;
  /** The confirmation of the order placed in this session, or a thrown 404 page for any other number. */
  confirmation(orderNumber: string): Promise<Confirmation>;
  shipping: { page(): Promise<ShippingPage>; submit(form: FormData): Promise<StepAnswer<ShippingActionData>> };
  delivery: { page(): Promise<DeliveryPage>; submit(form: FormData): Promise<StepAnswer<DeliveryActionData>> };
  /** `couponCode`: a refused coupon's code, given back to the field (the page's `?coupon=`, without JavaScript). */
  payment: {
    page(couponCode: string): Promise<PaymentPage>;
    submit(form: FormData): Promise<StepAnswer<PaymentActionData>>;
  };
  /** `submit` places the order once: the confirmation (or a step to redo), or the failure the page shows. */
  review: { page(): Promise<ReviewPage>; submit(form: FormData): Promise<StepAnswer<ReviewActionData>> };
  /** A payment link's page (`origin` makes the link to copy) and its Pay now and Cancel buttons (always a redirect). */
  payNow: {
    page(cartId: string, origin: string): Promise<PayNowPage>;
    submit(cartId: string, form: FormData): Promise<Response>;
  };
}

/**
 * The checkout's face: its steps, plus what the composition asks of it for the other domains (the header's count on
 * a step, and the cart page's payment link). Its internals stay the steps' (`StepShop`).
 */
export type Checkout = CheckoutSteps & Pick<CheckoutInternals, "stepCartCount" | "createPaymentLink">;

export interface Confirmation {
  orderNumber: string;
  isGuest: boolean;
  /** A guest's link to the order's page, authorised by the contact they gave at checkout: no retyping later. */
  orderLink: string | null;
}

export function createCheckout(core: ShopCore, siblings: CheckoutSiblings): Checkout {
  const internals = createCheckoutInternals(core, siblings);
  // The steps see the core with the checkout's internals as `shop.checkout`: a view of the core, not a copy of it.
  const shop: StepShop = Object.create(core, { checkout: { value: internals } });
  const steps: CheckoutSteps = {
    async begin() {
      // Guests check out only when the store allows it (application context guestCheckoutEnabled).
      if (!(await internals.mayCheckOut())) {
        throw await core.redirect(loginPath(CHECKOUT_START_PATH), toast("info", CHECKOUT_MESSAGES.signIn));
      }
      await internals.start();
      // Every checkout begins with the shipping step, filled in with what the checkout already knows. A start the
      // API is still calculating (202) goes there too, as a payment link's does: the step reads the checkout again
      // and shows 'Loading' itself while it is processing, so a shopper no longer stops on /checkout for a page that
      // refreshes in a second (and the server reads the checkout once less) only to be redirected on.
      throw await core.redirect(stepPath("shipping"));
    },
    async confirmation(orderNumber) {
      const last = internals.lastOrder();
      if (!last || last.orderNumber !== orderNumber) throw data("Order not found", { status: 404 });
      const isGuest = !core.shopper.isLoggedIn;
      const accessToken = isGuest ? await siblings.orders.guestAccessToken(orderNumber) : null;
      return { orderNumber, isGuest, orderLink: accessToken ? orderAccessPath(orderNumber, accessToken) : null };
    },
    shipping: { page: () => shippingPage(shop), submit: (form) => submitShipping(shop, form) },
    delivery: { page: () => deliveryPage(shop), submit: (form) => submitDelivery(shop, form) },
    payment: { page: (couponCode) => paymentPage(shop, couponCode), submit: (form) => submitPayment(shop, form) },
    review: { page: () => reviewPage(shop), submit: (form) => placeOrder(shop, form) },
    payNow: {
      page: (cartId, origin) => payNowPage(shop, cartId, origin),
      submit: (cartId, form) => payNowAction(shop, cartId, form),
    },
  };
  return {
    ...steps,
    stepCartCount: () => internals.stepCartCount(),
    createPaymentLink: () => internals.createPaymentLink(),
  };
}
