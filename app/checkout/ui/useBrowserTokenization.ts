import { useSubmit } from "@remix-run/react";
import { useState, type FormEvent } from "react";
import { SECRET_FIELDS } from "~/checkout/model/payment";
import { tokenizeInBrowser } from "~/checkout/model/client-tokenization";

/** The client-side gateway's answer: its refusals, shown on the card fields. */
export interface GatewayState {
  fieldErrors: Record<string, string[]>;
  formError: string | null;
  /** Changes with each refusal (it empties the card number and security code). */
  attempt: number;
  pending: boolean;
}

/**
 * With a client-side gateway (`tokenizationUrl`) the card is tokenised in the browser, or with `clientToken` (a
 * gateway that authorises in the browser) authorised there, and only the token or authorisation is posted: the card number and security code never reach the store's server. Without JavaScript the form posts
 * the card, and the server tokenises it. `validate` is Conform's onSubmit, run first.
 */
export function useBrowserTokenization(
  tokenizationUrl: string | null,
  validate: (event: FormEvent<HTMLFormElement>) => void,
  clientToken?: string,
) {
  const submit = useSubmit();
  const [gateway, setGateway] = useState<GatewayState>({
    fieldErrors: {},
    formError: null,
    attempt: 0,
    pending: false,
  });
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    validate(event);
    if (event.defaultPrevented || !tokenizationUrl) return;
    const formElement = event.currentTarget;
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const formData = new FormData(formElement);
    if (submitter?.name) formData.set(submitter.name, submitter.value);
    if ((formData.get("intent") ?? "pay") !== "pay" || formData.get("paymentMethod") !== "card") return;
    event.preventDefault();
    const text = (name: string) => String(formData.get(name) ?? "");
    setGateway((g) => ({ ...g, fieldErrors: {}, formError: null, pending: true }));
    void tokenizeInBrowser(
      tokenizationUrl,
      {
        cardholderName: text("cardholderName"),
        cardNumber: text("cardNumber"),
        expiryMonth: text("expiryMonth"),
        expiryYear: text("expiryYear"),
        cvv: text("cvv"),
      },
      fetch,
      clientToken,
    ).then((result) => {
      if (!result.ok) {
        setGateway({
          fieldErrors: result.fieldErrors,
          formError: result.formError,
          attempt: Date.now(),
          pending: false,
        });
        return;
      }
      setGateway((g) => ({ ...g, pending: false }));
      for (const name of SECRET_FIELDS) formData.delete(name);
      formData.set("paymentToken", result.token);
      formData.set("cardLabel", result.label);
      formData.set("intent", "pay");
      submit(formData, { method: "post" });
    });
  };
  return { gateway, onSubmit };
}
