/**
 * Date picker. The base is a native `<input type="date">` — it works without JavaScript, submits
 * YYYY-MM-DD, and the server checks it with `date({ min, max })` / `validateDate` (lib/validation).
 * A browser without a date control shows a text box; the placeholder says what to type (M/d/yyyy)
 * and the server accepts either form.
 *
 * With JavaScript a "Choose date" button adds a month calendar (weeks start on Monday, arrows move by
 * day and week, Page Up/Down by month, Escape closes).
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { firstDayOfWeek, formatDate, STORE_LOCALE, weekdayNames } from "~/lib/format/formats";
import { DATE_INPUT_FORMAT, dateRangeHint, parseDateInput } from "~/lib/validation/dates";
import { Field, type FieldProps } from "./Field";
import { setNativeValue, useHydrated } from "./useHydrated";

export type DatePickerProps = Omit<FieldProps, "type" | "min" | "max"> & {
  /** Earliest allowed day, YYYY-MM-DD. */
  min?: string;
  /** Latest allowed day, YYYY-MM-DD. */
  max?: string;
};

function isoFromParts(year: number, monthIndex: number, day: number): string {
  return new Date(Date.UTC(year, monthIndex, day)).toISOString().slice(0, 10);
}

function addDays(iso: string, days: number): string {
  const [year, month, day] = iso.split("-").map(Number);
  return isoFromParts(year, month - 1, day + days);
}

function addMonths(iso: string, months: number): string {
  const [year, month, day] = iso.split("-").map(Number);
  const target = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  return isoFromParts(target.getUTCFullYear(), target.getUTCMonth(), Math.min(day, lastDay));
}

/** Monday-first weeks covering the month of `iso` (days outside the month included). */
export function calendarWeeks(iso: string): string[][] {
  const [year, month] = iso.split("-").map(Number);
  const first = new Date(Date.UTC(year, month - 1, 1));
  const offset = (first.getUTCDay() - firstDayOfWeek + 7) % 7;
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const cells = Math.ceil((offset + lastDay) / 7) * 7;
  const start = isoFromParts(year, month - 1, 1 - offset);
  const days = Array.from({ length: cells }, (_, i) => addDays(start, i));
  return Array.from({ length: cells / 7 }, (_, week) => days.slice(week * 7, week * 7 + 7));
}

function localToday(): string {
  const now = new Date();
  return isoFromParts(now.getFullYear(), now.getMonth(), now.getDate());
}

function clampIso(iso: string, min?: string, max?: string): string {
  if (min && iso < min) return min;
  if (max && iso > max) return max;
  return iso;
}

type CalendarProps = {
  id: string;
  value: string;
  min?: string;
  max?: string;
  onSelect: (iso: string) => void;
  onClose: () => void;
};

function Calendar({ id, value, min, max, onSelect, onClose }: CalendarProps) {
  const today = localToday();
  const selected = parseDateInput(value);
  const [focused, setFocused] = useState(() => clampIso(selected ?? today, min, max));
  const gridRef = useRef<HTMLTableElement>(null);
  const headingId = `${id}-heading`;
  const [year, month] = focused.split("-").map(Number);
  const monthLabel = new Intl.DateTimeFormat(STORE_LOCALE, { month: "long", year: "numeric", timeZone: "UTC" }).format(
    new Date(Date.UTC(year, month - 1, 1)),
  );
  const weekdaysShort = weekdayNames("short");
  const weekdaysLong = weekdayNames("long");

  useEffect(() => {
    gridRef.current?.querySelector<HTMLButtonElement>(`button[data-date="${focused}"]`)?.focus();
  }, [focused]);

  const outOfRange = (iso: string) => Boolean((min && iso < min) || (max && iso > max));

  function onKeyDown(event: KeyboardEvent<HTMLTableElement>) {
    const moves: Record<string, () => string> = {
      ArrowLeft: () => addDays(focused, -1),
      ArrowRight: () => addDays(focused, 1),
      ArrowUp: () => addDays(focused, -7),
      ArrowDown: () => addDays(focused, 7),
      PageUp: () => addMonths(focused, -1),
      PageDown: () => addMonths(focused, 1),
      Home: () => addDays(focused, -((new Date(`${focused}T00:00:00Z`).getUTCDay() - firstDayOfWeek + 7) % 7)),
      End: () => addDays(focused, 6 - ((new Date(`${focused}T00:00:00Z`).getUTCDay() - firstDayOfWeek + 7) % 7)),
    };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      setFocused(move());
    }
  }

  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- a non-modal dialog closes on Escape from anywhere inside it
    <div
      id={id}
      role="dialog"
      aria-modal="false"
      aria-labelledby={headingId}
      className="kit-calendar"
      onKeyDown={(event) => {
        if (event.key === "Escape") {
          event.preventDefault();
          onClose();
        }
      }}
    >
      <div className="kit-calendar__header">
        <button
          type="button"
          className="kit-calendar__nav"
          aria-label="Previous month"
          onClick={() => setFocused(addMonths(focused, -1))}
        >
          <span aria-hidden="true">{"\u2039"}</span>
        </button>
        <h2 id={headingId} className="kit-calendar__title" aria-live="polite">
          {monthLabel}
        </h2>
        <button
          type="button"
          className="kit-calendar__nav"
          aria-label="Next month"
          onClick={() => setFocused(addMonths(focused, 1))}
        >
          <span aria-hidden="true">{"\u203a"}</span>
        </button>
      </div>
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- the grid pattern: arrow keys move between its day buttons (APG date picker dialog) */}
      <table ref={gridRef} className="kit-calendar__grid" aria-labelledby={headingId} onKeyDown={onKeyDown}>
        <thead>
          <tr>
            {weekdaysShort.map((day, index) => (
              <th key={day} scope="col" abbr={weekdaysLong[index]}>
                {day}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {calendarWeeks(focused).map((week) => (
            <tr key={week[0]}>
              {week.map((iso) => {
                const inMonth = Number(iso.slice(5, 7)) === month;
                const disabled = outOfRange(iso);
                return (
                  <td key={iso}>
                    <button
                      type="button"
                      data-date={iso}
                      tabIndex={iso === focused ? 0 : -1}
                      className={[
                        "kit-calendar__day",
                        !inMonth && "kit-calendar__day--outside",
                        iso === today && "kit-calendar__day--today",
                        iso === selected && "kit-calendar__day--selected",
                      ]
                        .filter(Boolean)
                        .join(" ")}
                      aria-label={formatDate(iso, "long")}
                      aria-pressed={iso === selected}
                      aria-current={iso === today ? "date" : undefined}
                      aria-disabled={disabled || undefined}
                      onClick={() => {
                        if (!disabled) onSelect(iso);
                      }}
                    >
                      {Number(iso.slice(8, 10))}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <div className="kit-calendar__footer">
        <button
          type="button"
          className="kit-button kit-button--link kit-button--small"
          disabled={outOfRange(today)}
          onClick={() => onSelect(today)}
        >
          Today
        </button>
        <button type="button" className="kit-button kit-button--neutral kit-button--small" onClick={onClose}>
          Close
        </button>
      </div>
    </div>
  );
}

function CalendarIcon() {
  return (
    <svg className="kit-icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <rect x="3" y="5" width="18" height="16" rx="2" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="M3 10h18M8 3v4M16 3v4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

export function DatePicker({ min, max, help, onChange, defaultValue, meta, ...props }: DatePickerProps) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const calendarId = `${useId().replace(/:/g, "")}-calendar`;
  const initial = defaultValue ?? (typeof meta?.initialValue === "string" ? meta.initialValue : "");
  const [value, setValue] = useState(initial);
  const hint = dateRangeHint({ min, max });

  const close = () => {
    setOpen(false);
    toggleRef.current?.focus();
  };

  return (
    <div className={hydrated ? "kit-datepicker kit-datepicker--enhanced" : "kit-datepicker"}>
      <Field
        {...props}
        meta={meta}
        defaultValue={defaultValue}
        type="date"
        min={min}
        max={max}
        placeholder={DATE_INPUT_FORMAT}
        inputRef={inputRef}
        help={
          help || hint ? (
            <>
              {help}
              {help && hint ? " " : null}
              {hint}
            </>
          ) : undefined
        }
        onChange={(event) => {
          setValue(event.currentTarget.value);
          onChange?.(event);
        }}
        addon={
          hydrated ? (
            <button
              ref={toggleRef}
              type="button"
              className="kit-picker-toggle"
              aria-expanded={open}
              aria-controls={open ? calendarId : undefined}
              disabled={props.disabled}
              onClick={() => setOpen((isOpen) => !isOpen)}
            >
              <CalendarIcon />
              <span className="kit-visually-hidden">Choose date{props.label ? ` for ${props.label}` : ""}</span>
            </button>
          ) : null
        }
      />
      {open ? (
        <Calendar
          id={calendarId}
          value={value}
          min={min}
          max={max}
          onClose={close}
          onSelect={(iso) => {
            if (inputRef.current) setNativeValue(inputRef.current, iso);
            setValue(iso);
            close();
          }}
        />
      ) : null}
    </div>
  );
}
