/**
 * The card form's fields and which of them a payment gateway's refusal is about: shared by the server's tokenising
 * (checkout/model) and the browser's (checkout/model/client-tokenization), light enough for every checkout step.
 */

export type CardField = "cardholderName" | "cardNumber" | "expiryMonth" | "expiryYear" | "cvv";

/** Which card field a tokeniser's refusal is about (its message), so the error shows on that field. */
export function cardFieldOfMessage(message: string): CardField {
  if (/security code|cvv|cvc/i.test(message)) return "cvv";
  if (/expir/i.test(message)) return "expiryMonth";
  if (/holder|name/i.test(message)) return "cardholderName";
  return "cardNumber";
}

/** The tokenization input's fields (`cardPaymentMethod.<field>` in a refusal's invalidParameters) → the form's. */
const CARD_INPUT_FIELDS: Record<string, CardField> = {
  cardHolderName: "cardholderName",
  cardNumber: "cardNumber",
  cardType: "cardNumber",
  cvv: "cvv",
  expiryMonth: "expiryMonth",
  expiryYear: "expiryYear",
};

/** The form's field for a refusal's invalidParameters name (`cardPaymentMethod.cvv` → cvv), if it is a card field. */
export function cardInputField(parameter: string): CardField | undefined {
  return CARD_INPUT_FIELDS[parameter.split(".").pop() ?? ""];
}
