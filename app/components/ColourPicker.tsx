/**
 * Colour picker (spec §9): the base is a text input for the hex value (#RGB or #RRGGBB, 4 to 7
 * characters) that works without JavaScript and is checked on the server with `colour()` /
 * `validateHexInput` (lib/validation).
 *
 * With JavaScript a "Choose colour" button opens a panel: a 198 × 80 saturation/brightness canvas
 * for the pointer, and, for the keyboard, a hue slider (0-360), red/green/blue fields (clamped to
 * 0-255; non-numeric or negative becomes 0) and a hex field ('Enter a valid hexadecimal value.'). The panel
 * (ColourPanel.tsx) loads the first time it is opened.
 */
import { lazy, Suspense, useId, useRef, useState } from "react";
import { DEFAULT_COLOUR, HEX_MAX_LENGTH, isHexColour, normaliseHex } from "~/lib/validation/colours";
import { Field, type FieldProps } from "./Field";
import { setNativeValue, useHydrated } from "./useHydrated";

export type ColourPickerProps = Omit<FieldProps, "type">;

const ColourPanel = lazy(() => import("./ColourPanel"));

export function ColourPicker({ defaultValue, meta, onChange, ...props }: ColourPickerProps) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const panelId = `${useId().replace(/:/g, "")}-colour`;
  const fromMeta = typeof meta?.initialValue === "string" ? meta.initialValue : undefined;
  const initial = defaultValue ?? fromMeta ?? DEFAULT_COLOUR;
  const [value, setValue] = useState(initial);
  // An invalid entry previews as black, the colour the spec's picker falls back to.
  const swatch = isHexColour(value) ? normaliseHex(value) : "#000000";

  const close = () => {
    setOpen(false);
    toggleRef.current?.focus();
  };

  return (
    <div className="kit-colourpicker">
      <Field
        spellCheck={false}
        autoComplete="off"
        maxLength={HEX_MAX_LENGTH}
        {...props}
        meta={meta}
        type="text"
        defaultValue={initial}
        inputRef={inputRef}
        inputClassName="kit-input--hex"
        // A full hex value is always 7 characters long: reaching it is not news.
        limitNotice={false}
        onChange={(event) => {
          setValue(event.currentTarget.value);
          onChange?.(event);
        }}
        addon={
          <>
            <span className="kit-colourpicker__swatch" aria-hidden="true" style={{ backgroundColor: swatch }} />
            {hydrated ? (
              <button
                ref={toggleRef}
                type="button"
                className="kit-picker-toggle"
                aria-expanded={open}
                aria-controls={open ? panelId : undefined}
                disabled={props.disabled}
                onClick={() => setOpen((isOpen) => !isOpen)}
              >
                <svg
                  className="kit-icon"
                  viewBox="0 0 24 24"
                  width="20"
                  height="20"
                  aria-hidden="true"
                  focusable="false"
                >
                  <path
                    d="M12 3a9 9 0 1 0 0 18c1.1 0 1.5-.8 1.5-1.5 0-1.2-1-1.5-1-2.5s.7-1.5 1.8-1.5H17a4 4 0 0 0 4-4c0-4.7-4-8.5-9-8.5Z"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="2"
                  />
                  <circle cx="7.5" cy="11" r="1.5" fill="currentColor" />
                  <circle cx="10" cy="7" r="1.5" fill="currentColor" />
                  <circle cx="15" cy="7.5" r="1.5" fill="currentColor" />
                </svg>
                <span className="kit-visually-hidden">Choose colour for {props.label}</span>
              </button>
            ) : null}
          </>
        }
      />
      {open ? (
        <Suspense fallback={null}>
          <ColourPanel
            id={panelId}
            initial={swatch}
            onCancel={close}
            onApply={(hex) => {
              if (inputRef.current) setNativeValue(inputRef.current, hex);
              setValue(hex);
              close();
            }}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
