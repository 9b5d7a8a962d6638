import { QUANTITY_MIN } from "../../server/webstore/limits";
import { Field, type FieldProps } from "./Field";

export type QuantityInputProps = Omit<FieldProps, "type" | "defaultValue"> & {
  defaultValue?: string | number;
};

/**
 * A cart quantity: whole numbers from 1 to 100000000 in steps of 1 (spec §5, §9), checked with
 * `quantity()` from lib/validation on both sides. A text input with a numeric keypad rather than
 * type=number, so the k/m shortcuts of number fields work here too. The label is required.
 */
export function QuantityInput({ defaultValue, meta, ...props }: QuantityInputProps) {
  const initial = defaultValue ?? (typeof meta?.initialValue === "string" ? undefined : QUANTITY_MIN);
  return (
    <Field
      autoComplete="off"
      inputMode="numeric"
      className="kit-field--quantity"
      {...props}
      meta={meta}
      type="number"
      defaultValue={initial === undefined ? undefined : String(initial)}
    />
  );
}
