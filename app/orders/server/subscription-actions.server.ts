/**
 * The account page's subscription forms: cancel (Commerce Subscription Cancellation, 63.0), renew (Renewal
 * Initiation, 65.0) and change the quantity (Amendment Initiation, 65.0), each for one subscription of the account
 * the buyer shops for. Each form is its own confirmation (the page opens it from a disclosure that says what it
 * will do); a done action goes back to the list (303) with a toast, a refused field comes back on the page (400).
 */
import type { CommerceSubscriptionDetail, FetchError } from "../../../server/webstore/index";
import {
  SUBSCRIPTION_INTENTS,
  toSubscriptionRow,
  type SubscriptionFormFailure,
  type SubscriptionRow,
} from "~/account/model/subscriptions";
import { parseOrderForm, subscriptionActionSchema } from "~/orders/forms/orders-forms.server";
import { formatDate } from "~/lib/format/formats";
import { toast } from "~/shop/toast.server";
import type { ShopCore } from "~/shop/core.server";
import { caught } from "~/shop/errors.server";

/** Where a done (or refused) action lands: the account page's subscriptions. */
const SUBSCRIPTIONS_ANCHOR = "/account#subscriptions-title";
/** Pages of active subscriptions read to find the one a form names (100 each: the API's largest page). */
const FIND_PAGES_MAX = 10;
const FIND_PAGE_SIZE = 100;

const NOT_FOUND_MESSAGE = "We couldn't find that subscription. It may have ended.";
const UNAVAILABLE_MESSAGE = "We couldn't change your subscription right now. Try again in a moment.";

/** The API's own reason for a refusal (400), when it gives one. */
function refusal(failure: FetchError | null): string | null {
  if (failure?.status !== 400) return null;
  const first = Array.isArray(failure.body) ? failure.body[0] : null;
  const message = first && typeof first === "object" ? (first as { message?: unknown }).message : null;
  return typeof message === "string" && message.trim() !== "" ? message : null;
}

/** Today in the API's date form (UTC midnight): the earliest day an amendment may start. */
const todayStart = () => `${new Date().toISOString().slice(0, 10)}T00:00:00.000Z`;

export async function submitSubscriptionAction(shop: ShopCore, form: FormData) {
  const { client } = shop;
  const date = (value: string | null) => (value ? formatDate(value, "medium") : "");
  const submission = parseOrderForm(form, subscriptionActionSchema);
  const subscriptionId = String(form.get("subscriptionId") ?? "");
  const typedQuantity = String(form.get("quantity") ?? "");
  const refuse = (intent: SubscriptionFormFailure["intent"], errors: SubscriptionFormFailure["errors"]) =>
    shop.reply(
      {
        subscriptionForm: { subscriptionId, intent, quantity: typedQuantity, errors } satisfies SubscriptionFormFailure,
      },
      { status: 400 },
    );
  if (submission.status !== "success") {
    const intent = form.get("intent");
    if (intent === SUBSCRIPTION_INTENTS.quantity && subscriptionId)
      return refuse(intent, { quantity: submission.error?.quantity ?? [] });
    return shop.redirect(SUBSCRIPTIONS_ANCHOR, toast("error", NOT_FOUND_MESSAGE));
  }
  const input = submission.value;

  const row = await findActiveSubscription(shop, input.subscriptionId);
  if (row === "unavailable") return shop.redirect(SUBSCRIPTIONS_ANCHOR, toast("error", UNAVAILABLE_MESSAGE));
  if (!row) return shop.redirect(SUBSCRIPTIONS_ANCHOR, toast("error", NOT_FOUND_MESSAGE));

  try {
    switch (input.intent) {
      case SUBSCRIPTION_INTENTS.cancel: {
        const done = await client.cancelSubscription(row.id);
        const until = billingDay(done, "cancellationDate") ?? row.nextBillingDate;
        return shop.redirect(
          SUBSCRIPTIONS_ANCHOR,
          toast(
            "success",
            until
              ? `${row.productName} is cancelled: it ends on ${date(until)}, and you won't be billed again.`
              : `${row.productName} is cancelled.`,
          ),
        );
      }
      case SUBSCRIPTION_INTENTS.renew: {
        const done = await client.renewSubscription({ subscriptionId: row.id });
        const end = typeof done.endDate === "string" ? done.endDate : null;
        return shop.redirect(
          SUBSCRIPTIONS_ANCHOR,
          toast(
            "success",
            end ? `${row.productName} is renewed until ${date(end)}.` : `${row.productName} is renewed.`,
          ),
        );
      }
      case SUBSCRIPTION_INTENTS.quantity: {
        const current = row.quantity ?? 0;
        if (input.quantity === current)
          return refuse(input.intent, { quantity: [`Enter a quantity other than ${current}, the one you have.`] });
        const change = input.quantity - current;
        // "For negative amendments, changes are allowed only on the next billing date"; more units start today.
        const start =
          change > 0 ? todayStart() : row.nextBillingDate ? `${row.nextBillingDate.slice(0, 10)}T00:00:00.000Z` : null;
        if (!start)
          return refuse(input.intent, { quantity: ["This subscription has no billing date left to lower it on."] });
        await client.amendSubscription({ subscriptionId: row.id, amendStartDate: start, quantityChange: change });
        return shop.redirect(
          SUBSCRIPTIONS_ANCHOR,
          toast(
            "success",
            change > 0
              ? `${row.productName}: ${input.quantity} from today.`
              : `${row.productName}: ${input.quantity} from your next billing date, ${date(start)}.`,
          ),
        );
      }
    }
  } catch (error) {
    const reason = refusal(caught(error).api);
    if (reason && input.intent === SUBSCRIPTION_INTENTS.quantity) return refuse(input.intent, { quantity: [reason] });
    if (!reason) console.error("A subscription action failed:", error);
    const what = input.intent === SUBSCRIPTION_INTENTS.cancel ? "cancel" : "renew";
    return shop.redirect(
      SUBSCRIPTIONS_ANCHOR,
      toast("error", reason ? `We couldn't ${what} ${row.productName}: ${reason}` : UNAVAILABLE_MESSAGE),
    );
  }
}

function billingDay(detail: CommerceSubscriptionDetail, name: string): string | null {
  const billing = detail.billing;
  const value = billing && typeof billing === "object" ? (billing as Record<string, unknown>)[name] : null;
  return typeof value === "string" && value !== "" ? value : null;
}

/**
 * The active subscription a form names, as GET `subscriptions` lists it now (its quantity and next billing date
 * decide an amendment): the API has no read of one subscription, so the list is read a page at a time until it
 * shows. Null when the account has no such active subscription.
 */
async function findActiveSubscription(shop: ShopCore, id: string): Promise<SubscriptionRow | null | "unavailable"> {
  let pageToken: string | undefined;
  try {
    for (let page = 0; page < FIND_PAGES_MAX; page++) {
      const collection = await shop.client.getSubscriptions({ pageSize: FIND_PAGE_SIZE, state: "Active", pageToken });
      if (!collection) return null;
      const list = Array.isArray(collection.subscriptions) ? collection.subscriptions : [];
      for (const detail of list) {
        const row = toSubscriptionRow(detail);
        if (row && (row.id === id || row.id.slice(0, 15) === id.slice(0, 15))) return row;
      }
      const next = typeof collection.nextPageToken === "string" ? collection.nextPageToken : null;
      if (!next) return null;
      pageToken = next;
    }
    return null;
  } catch (error) {
    console.error("Reading the subscriptions failed:", error);
    return "unavailable";
  }
}
