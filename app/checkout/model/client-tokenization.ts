/**
 * Tokenising a card in the shopper's browser, at the store's client-side gateway
 * (`clientSidePaymentConfiguration.config.tokenizationUrl`), so that the card number and security code go to the
 * gateway only and never to the storefront's server: the page then posts the token instead of the card.
 *
 * The gateway takes the body of the API's payments/token (Card Payment Method Tokenization Input) and answers the
 * same: 201 `{token}`, or 422 `{errors: [{title, detail, invalidParameters}]}` naming the refused fields.
 */
// Only checkout/model/cards: checkout/model is shared with the cart page, and whatever of it runs in a browser (here, its
// messages and refusal mapping) would be shipped to the cart too (esbuild keeps a shared module's live code whole).
import { cardInputField, type CardField } from "./card-fields";
import { apiCardType, cardBrand, cardDigits, cardLabel } from "./cards";

/** checkout/model's CHECKOUT_MESSAGES.paymentSystemError (a unit test keeps them equal). */
export const GATEWAY_UNAVAILABLE = "We couldn't process your payment. Try again.";

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

type GatewayError = { title?: unknown; detail?: unknown; invalidParameters?: unknown };

/** Each refusal's words on the fields it names (the card number when it names none). */
function refusalsByField(errors: readonly GatewayError[]): Record<string, string[]> {
  const byField: Record<string, string[]> = {};
  for (const error of errors) {
    const message =
      typeof error.detail === "string" ? error.detail : typeof error.title === "string" ? error.title : "";
    if (!message) continue;
    const named = (Array.isArray(error.invalidParameters) ? (error.invalidParameters as { name?: unknown }[]) : [])
      .map((p) => cardInputField(String(p.name ?? "")))
      .filter((f): f is CardField => f !== undefined);
    for (const field of named.length > 0 ? named : ["cardNumber"]) {
      const list = (byField[field] ??= []);
      if (!list.includes(message)) list.push(message);
    }
  }
  return byField;
}

/**
 * `clientToken` (a ClientRequest's answer): the gateway authorises the payment there and then
 * (`config.authorizationUrl`), answering 201 `{authorizationId}`, which the store confirms with a PostAuth; without
 * it the gateway only tokenises (`config.tokenizationUrl`, 201 `{token}`), for an Auth.
 */
export async function tokenizeInBrowser(
  url: string,
  card: TypedCard,
  fetchImpl: typeof fetch = fetch,
  clientToken?: string,
): Promise<BrowserTokenization> {
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
        ...(clientToken ? { clientToken } : {}),
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
    return { ok: false, fieldErrors: {}, formError: GATEWAY_UNAVAILABLE };
  }
  const body = (await response.json().catch(() => null)) as {
    token?: unknown;
    authorizationId?: unknown;
    errors?: unknown;
  } | null;
  const token = clientToken ? body?.authorizationId : body?.token;
  if (response.status === 201 && typeof token === "string" && token)
    return { ok: true, token, label: cardLabel(digits) };
  if (response.status === 422 && Array.isArray(body?.errors)) {
    const fieldErrors = refusalsByField(body.errors as GatewayError[]);
    if (Object.keys(fieldErrors).length > 0) return { ok: false, fieldErrors, formError: null };
  }
  return { ok: false, fieldErrors: {}, formError: GATEWAY_UNAVAILABLE };
}
