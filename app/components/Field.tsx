/**
 * The form field kit: one labelled input with help text, a required marker and an error list wired
 * through aria-invalid / aria-describedby (the Epic Stack field pattern), fed by Conform metadata or
 * by plain props.
 *
 * Errors show only once Conform has validated the field (after its first blur or a submit) or the
 * server re-rendered them; the one message shown is the highest-priority one (lib/validation).
 */
import {
  useId,
  useState,
  type ChangeEvent,
  type FocusEvent,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
} from "react";
import {
  assertInputWidget,
  cleanEmail,
  cleanWhitespace,
  CLEANED_INPUT_TYPES,
  isLimitReached,
  LIMIT_REACHED_MESSAGE,
  prioritiseErrors,
  type InputType,
} from "~/lib/validation/validity";

/**
 * What a field needs from Conform's field metadata (`fields.email` from useForm or a fieldset).
 * Structural, so any Conform field fits and plain objects work in tests.
 */
export type FieldMeta = {
  id: string;
  name: string;
  formId?: string;
  errorId?: string;
  descriptionId?: string;
  key?: string | undefined;
  initialValue?: unknown;
  errors?: readonly string[] | undefined;
  required?: boolean;
  minLength?: number;
  maxLength?: number;
  min?: string | number;
  max?: string | number;
  step?: string | number;
  pattern?: string;
  multiple?: boolean;
};

export function joinIds(...ids: Array<string | false | null | undefined>): string | undefined {
  const kept = ids.filter(Boolean);
  return kept.length ? kept.join(" ") : undefined;
}

export function classNames(...names: Array<string | false | null | undefined>): string {
  return names.filter(Boolean).join(" ");
}

/** The error list a field's aria-describedby points to. Always rendered so it can be a live region. */
export function ErrorList({ id, errors }: { id: string; errors?: readonly string[] | null }) {
  const shown = errors?.filter(Boolean) ?? [];
  return (
    <div id={id} className="kit-field__errors" aria-live="polite">
      {shown.length > 0 ? (
        <ul className="kit-error-list">
          {shown.map((error) => (
            <li key={error} className="kit-error-list__item">
              {error}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** The visual asterisk; assistive technology learns "required" from the input's own attribute. */
export function RequiredMarker() {
  return (
    <abbr className="kit-field__required" title="required" aria-hidden="true">
      *
    </abbr>
  );
}

/**
 * Cleans a text-like input when it loses focus: trims and collapses whitespace (e-mail lists lose
 * the spaces around their commas). React's blur handler runs before Conform's document listener, so
 * the value Conform validates is the cleaned one.
 */
export function cleanInputOnBlur(event: FocusEvent<HTMLInputElement | HTMLTextAreaElement>): void {
  const input = event.currentTarget;
  if (input instanceof HTMLInputElement && !CLEANED_INPUT_TYPES.includes(input.type)) return;
  const cleaned = input.type === "email" ? cleanEmail(input.value) : cleanWhitespace(input.value);
  if (cleaned !== input.value) input.value = cleaned;
}

function nativeType(type: InputType): InputHTMLAttributes<HTMLInputElement>["type"] {
  switch (type) {
    // Shoppers may type 2k or 1.5m, which a native number input would refuse.
    case "number":
      return "text";
    case "datetime":
      return "datetime-local";
    case "toggle":
    case "checkbox-button":
      return "checkbox";
    default:
      return type;
  }
}

const CHECKABLE: readonly string[] = ["checkbox", "radio", "toggle", "checkbox-button"];
const LENGTH_LIMITED: readonly string[] = ["text", "search", "tel", "url", "email", "password"];
const RANGED: readonly string[] = ["date", "datetime", "datetime-local", "month", "week", "time", "range"];

export type FieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "children" | "defaultValue" | "value"> & {
  /** The submitted value of a checkbox or radio (default "on"); text inputs use defaultValue. */
  value?: string;
  /** Required: a field without a label throws (an accessibility bug, caught in development). */
  label: string;
  /** One of the known input types; anything else throws. Default "text". */
  type?: InputType | (string & {});
  /** Conform's field metadata: supplies id, name, default value, constraints and errors. */
  meta?: FieldMeta;
  /** Overrides meta.errors (e.g. errors from a page that does not use Conform). */
  errors?: readonly string[] | null;
  help?: ReactNode;
  defaultValue?: string;
  /** Shown next to the input (picker buttons, swatches). */
  addon?: ReactNode;
  inputRef?: Ref<HTMLInputElement>;
  /** Class of the wrapper; the input has kit-input. */
  className?: string;
  inputClassName?: string;
  /** Keeps the label for assistive technology but hides it visually. */
  hideLabel?: boolean;
  /** Say 'Limit reached' when the value fills maxLength (default true; off for fixed-length values). */
  limitNotice?: boolean;
};

/** A labelled input with help text, required marker, limit notice and its error list. */
export function Field(props: FieldProps) {
  const {
    label,
    type = "text",
    meta,
    errors: errorsProp,
    help,
    defaultValue: defaultValueProp,
    addon,
    inputRef,
    className,
    inputClassName,
    hideLabel,
    limitNotice = true,
    id: idProp,
    name: nameProp,
    required: requiredProp,
    onBlur,
    onChange,
    value,
    ...rest
  } = props;
  // A development check (an unlabelled or unknown input is a bug to fix, not a state to handle): production
  // bundles leave it, and its list of input types, out.
  if (process.env.NODE_ENV !== "production") assertInputWidget({ type, label, name: nameProp ?? meta?.name });

  // Every read of a Conform field's property builds that field's metadata anew (Conform's design), and a form page
  // renders dozens of fields: each property is read once, and only where the field uses it.
  const generatedId = useId();
  const id = idProp ?? meta?.id ?? `field${generatedId.replace(/:/g, "")}`;
  const errorId = meta?.errorId ?? `${id}-error`;
  const helpId = help ? (meta?.descriptionId ?? `${id}-help`) : undefined;
  const limitId = `${id}-limit`;
  const name = nameProp ?? meta?.name;
  const required = requiredProp ?? meta?.required ?? false;
  const checkable = CHECKABLE.includes(type);

  const initialValue = meta?.initialValue;
  const initial = typeof initialValue === "string" ? initialValue : undefined;
  const defaultValue = defaultValueProp ?? initial;
  const maxLength = rest.maxLength ?? meta?.maxLength;
  // Tracked only to tell the shopper when the limit is reached; the input itself stays uncontrolled.
  const [currentValue, setCurrentValue] = useState(defaultValue ?? "");
  const limitReached = limitNotice && LENGTH_LIMITED.includes(type) && isLimitReached(currentValue, maxLength);

  const errors = prioritiseErrors(errorsProp ?? meta?.errors).slice(0, 1);
  const invalid = errors.length > 0;

  const constraintProps: InputHTMLAttributes<HTMLInputElement> = checkable
    ? {}
    : {
        minLength: rest.minLength ?? meta?.minLength,
        maxLength,
        pattern: rest.pattern ?? meta?.pattern,
        // Only an e-mail input takes several values; on any other type the attribute means nothing.
        multiple: rest.multiple ?? (type === "email" ? meta?.multiple : undefined),
        ...(RANGED.includes(type)
          ? { min: rest.min ?? meta?.min, max: rest.max ?? meta?.max, step: rest.step ?? meta?.step }
          : {}),
      };

  const input = (
    <input
      key={meta?.key}
      ref={inputRef}
      form={meta?.formId}
      {...rest}
      {...constraintProps}
      id={id}
      name={name}
      type={nativeType(type as InputType)}
      inputMode={rest.inputMode ?? (type === "number" ? "decimal" : undefined)}
      className={classNames(checkable ? "kit-checkbox" : "kit-input", inputClassName)}
      required={required || undefined}
      aria-invalid={invalid || undefined}
      aria-describedby={joinIds(
        help ? helpId : null,
        limitReached && limitId,
        invalid && errorId,
        rest["aria-describedby"],
      )}
      {...(checkable
        ? {
            // An explicit undefined value makes React write value="" after a client navigation, and a checked
            // box would then submit "" instead of "on".
            ...(value !== undefined ? { value } : {}),
            defaultChecked: rest.defaultChecked ?? (initial !== undefined ? initial === (value ?? "on") : undefined),
          }
        : { defaultValue })}
      onBlur={(event) => {
        cleanInputOnBlur(event);
        setCurrentValue(event.currentTarget.value);
        onBlur?.(event);
      }}
      onChange={(event: ChangeEvent<HTMLInputElement>) => {
        setCurrentValue(event.currentTarget.value);
        onChange?.(event);
      }}
    />
  );

  const labelElement = (
    <label htmlFor={id} className={classNames("kit-field__label", hideLabel && "kit-visually-hidden")}>
      {label}
      {required ? <RequiredMarker /> : null}
    </label>
  );

  return (
    <div
      className={classNames(
        "kit-field",
        checkable && "kit-field--checkable",
        invalid && "kit-field--invalid",
        rest.disabled && "kit-field--disabled",
        className,
      )}
    >
      {checkable ? (
        <div className="kit-field__control">
          {input}
          {labelElement}
        </div>
      ) : (
        <>
          {labelElement}
          <div className="kit-field__control">
            {input}
            {addon}
          </div>
        </>
      )}
      {help ? (
        <div id={helpId} className="kit-field__help">
          {help}
        </div>
      ) : null}
      <div id={limitId} className="kit-field__limit" aria-live="polite">
        {limitReached ? LIMIT_REACHED_MESSAGE : null}
      </div>
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}
