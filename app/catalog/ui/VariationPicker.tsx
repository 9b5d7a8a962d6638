import { Form, useSubmit } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { Button } from "~/components/Button";
import { useHydrated } from "~/components/useHydrated";
import type { VariationPickerView } from "~/catalog/model/variations";

/**
 * A variation parent's choices (Color, Size…): one labelled radio group per attribute in a GET form to the parent's
 * page, so every choice is a URL (`?Color=Denim`). Without JavaScript the shopper picks and presses "Show"; with it,
 * each change navigates at once (no reload) and the button goes. A value no variation offered has is disabled and
 * marked unavailable; one that doesn't go with the other choices is marked, and choosing it says so.
 */
export function VariationPicker({ picker, action }: { picker: Omit<VariationPickerView, "parentId">; action: string }) {
  const hydrated = useHydrated();
  const submit = useSubmit();
  const form = useRef<HTMLFormElement>(null);
  // A choice from the URL (back, forward) checks its radios. The form stays mounted, so a keyboard user's focus
  // stays on the radio they moved to while the page follows their choice.
  useEffect(() => {
    const chosen = new URLSearchParams(picker.query);
    for (const input of form.current?.querySelectorAll<HTMLInputElement>('input[type="radio"]') ?? [])
      input.checked = chosen.get(input.name) === input.value;
  }, [picker.query]);
  return (
    <Form
      ref={form}
      method="get"
      action={action}
      className="store-variations"
      onChange={(event) => submit(event.currentTarget, { preventScrollReset: true, replace: true })}
    >
      {picker.attributes.map((attribute, a) => (
        <fieldset key={attribute.apiName} className="store-variations__attribute">
          <legend className="store-variations__legend">
            {attribute.label}
            {attribute.chosen ? <span className="store-variations__chosen">: {attribute.chosen}</span> : null}
          </legend>
          <div className="store-variations__options">
            {attribute.options.map((option, o) => {
              const id = `variation-${a}-${o}`;
              const unavailable = option.state !== "available";
              return (
                <div key={option.value} className="store-variations__option">
                  <input
                    type="radio"
                    id={id}
                    name={attribute.param}
                    value={option.value}
                    defaultChecked={attribute.chosen === option.value}
                    disabled={option.state === "unavailable"}
                  />
                  <label htmlFor={id}>
                    {option.value}
                    {unavailable ? <span className="store-variations__state"> (Unavailable)</span> : null}
                  </label>
                </div>
              );
            })}
          </div>
        </fieldset>
      ))}
      {hydrated ? null : (
        <Button type="submit" variant="neutral">
          Show
        </Button>
      )}
    </Form>
  );
}

/** Why "Add to cart" waits: the attributes still to choose, or a choice no variation offered has. */
export function VariationNeeded({ picker }: { picker: Pick<VariationPickerView, "missing"> }) {
  return (
    <p className="store-product__choose" role="status">
      {picker.missing.length > 0
        ? `Choose ${picker.missing.join(" and ")} to add it to your cart.`
        : "This combination is unavailable."}
    </p>
  );
}

/** The chosen variation's stock: how many units can be ordered, or that none can. */
export function StockLevel({ units }: { units: number }) {
  return (
    <p className={`store-product__stock${units > 0 ? "" : " store-product__stock--out"}`}>
      {units > 0 ? `In stock: ${units} available` : "Out of stock"}
    </p>
  );
}
