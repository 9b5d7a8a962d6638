/** A labelled select with the kit field's help and error wiring (see Field.tsx). */
import { useId, type ReactNode, type SelectHTMLAttributes } from "react";
import { assertInputWidget, prioritiseErrors } from "~/lib/validation/validity";
import { classNames, ErrorList, joinIds, RequiredMarker, type FieldMeta } from "./Field";

export type SelectOption = { value: string; label: string; disabled?: boolean };

export type SelectFieldProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, "children" | "defaultValue" | "value"> & {
  label: string;
  options: readonly SelectOption[];
  meta?: FieldMeta;
  errors?: readonly string[] | null;
  help?: ReactNode;
  defaultValue?: string;
  /** A first option with an empty value, e.g. "Select a country". */
  placeholder?: string;
  className?: string;
};

/** A labelled select with the same help/error wiring as Field. */
export function SelectField(props: SelectFieldProps) {
  const {
    label,
    options,
    meta,
    errors: errorsProp,
    help,
    defaultValue: defaultValueProp,
    placeholder,
    className,
    id: idProp,
    name: nameProp,
    required: requiredProp,
    ...rest
  } = props;
  // A development check, left out of production bundles (see Field).
  if (process.env.NODE_ENV !== "production") assertInputWidget({ type: "text", label, name: nameProp ?? meta?.name });
  const generatedId = useId();
  const id = idProp ?? meta?.id ?? `field${generatedId.replace(/:/g, "")}`;
  const errorId = meta?.errorId ?? `${id}-error`;
  // Each read of a Conform field's property builds its metadata anew (see Field): read once, where used.
  const helpId = help ? (meta?.descriptionId ?? `${id}-help`) : undefined;
  const required = requiredProp ?? meta?.required ?? false;
  const errors = prioritiseErrors(errorsProp ?? meta?.errors).slice(0, 1);
  const invalid = errors.length > 0;
  const initialValue = meta?.initialValue;
  const initial = typeof initialValue === "string" ? initialValue : undefined;

  return (
    <div
      className={classNames(
        "kit-field",
        invalid && "kit-field--invalid",
        rest.disabled && "kit-field--disabled",
        className,
      )}
    >
      <label htmlFor={id} className="kit-field__label">
        {label}
        {required ? <RequiredMarker /> : null}
      </label>
      <div className="kit-field__control">
        <select
          key={meta?.key}
          form={meta?.formId}
          {...rest}
          id={id}
          name={nameProp ?? meta?.name}
          className="kit-select"
          required={required || undefined}
          defaultValue={defaultValueProp ?? initial ?? (placeholder ? "" : undefined)}
          aria-invalid={invalid || undefined}
          aria-describedby={joinIds(help ? helpId : null, invalid && errorId, rest["aria-describedby"])}
        >
          {placeholder ? <option value="">{placeholder}</option> : null}
          {options.map((option) => (
            <option key={option.value} value={option.value} disabled={option.disabled}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      {help ? (
        <div id={helpId} className="kit-field__help">
          {help}
        </div>
      ) : null}
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}
