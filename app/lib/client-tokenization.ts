/**
 * Tokenising a card in the shopper's browser, at the store's client-side gateway
 * (`clientSidePaymentConfiguration.config.tokenizationUrl`), so that the card number and security code go to the
 * gateway only and never to the storefront's server: the page then posts the token instead of the card.
 *
 * The gateway takes the body of the API's payments/token (Card Payment Method Tokenization Input) and answers the
 * same: 201 `{token}`, or 422 `{errors: [{title, detail, invalidParameters}]}` naming the refused fields.
 */
import { apiCardType, cardBrand, cardDigits, cardLabel } from "./cards";
import { CHECKOUT_MESSAGES, cardFieldErrors } from "./checkout";

export type BrowserTokenization =
  | { ok: true; token: string; label: string }
  | { ok: false; fieldErrors: Record<string, string[]>; formError: string | null };

/** The form's card fields, as the page's form submits them. */
export interface TypedCard {
  cardholderName: string;
  cardNumber: string;
  expiryMonth: string;
  expiryYear: string;
  cvv: string;
}

export async function tokenizeInBrowser(url: string, card: TypedCard, fetchImpl: typeof fetch = fetch): Promise<BrowserTokenization> {
  const digits = cardDigits(card.cardNumber);
  const cardType = apiCardType(cardBrand(digits));
  let response: Response;
  try {
    response = await fetchImpl(url, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      // The gateway is not the store: none of the store's cookies go with the card.
      credentials: "omit",
      body: JSON.stringify({
        cardPaymentMethod: {
          cardHolderName: card.cardholderName,
          cardNumber: digits,
          cvv: card.cvv,
          expiryMonth: card.expiryMonth,
          expiryYear: card.expiryYear,
          ...(cardType ? { cardType } : {}),
        },
      }),
    });
  } catch {
    return { ok: false, fieldErrors: {}, formError: CHECKOUT_MESSAGES.paymentSystemError };
  }
  const body = (await response.json().catch(() => null)) as { token?: unknown; errors?: unknown } | null;
  if (response.status === 201 && typeof body?.token === "string" && body.token) return { ok: true, token: body.token, label: cardLabel(digits) };
  if (response.status === 422 && Array.isArray(body?.errors) && body.errors.length > 0) {
    const refusals = (body.errors as { title?: unknown; detail?: unknown; invalidParameters?: unknown }[]).map((e) => ({
      message: typeof e.detail === "string" ? e.detail : typeof e.title === "string" ? e.title : "",
      invalidParameters: Array.isArray(e.invalidParameters) ? (e.invalidParameters as { name: string }[]) : undefined,
    }));
    return { ok: false, fieldErrors: cardFieldErrors(refusals) as Record<string, string[]>, formError: null };
  }
  return { ok: false, fieldErrors: {}, formError: CHECKOUT_MESSAGES.paymentSystemError };
}
