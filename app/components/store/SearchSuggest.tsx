/**
 * The header search box's suggestions: the WAI-ARIA 1.2 combobox pattern (a list autocomplete) over the box the
 * header renders. Loaded on the box's first focus or keystroke (Header.tsx), so no page's first load carries it.
 *
 * What the shopper types is looked up after a pause (SUGGEST_DELAY_MS), once per term for the page's life; a look-up
 * that a newer keystroke supersedes is cancelled. The popup lists completed search terms, then products. Arrow keys
 * move through the options (the box keeps the focus; aria-activedescendant names the option), Enter opens the chosen
 * one (without a choice it submits the search form as before), Escape closes the popup; a polite live region says
 * how many suggestions there are.
 */
import { useHref, useLocation, useNavigate } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type MutableRefObject } from "react";

/** The pause after a keystroke before its text is looked up. */
export const SUGGEST_DELAY_MS = 150;
/** Shorter than this, the typed text is not looked up (the server suggests nothing for it either). */
const MIN_LENGTH = 3;

interface Suggestions {
  term: string;
  terms: string[];
  products: { id: string; name: string; href: string }[];
}

/** The header's hooks into the box: its key and input events, handled here once this module is loaded. */
export interface SearchBoxEvents {
  keyDown?: (event: KeyboardEvent<HTMLInputElement>) => void;
  input?: (value: string) => void;
  blur?: () => void;
}

/** The box's ARIA state, which the header writes on the input it renders. */
export interface ComboState {
  expanded: boolean;
  activeId: string | undefined;
}

type Option = { id: string; label: string; to: string; kind: "term" | "product" };

/** Every answer of this page's life, by term: typing back over a word asks nothing again. */
const answers = new Map<string, Suggestions>();

const searchPath = (term: string) => `/search?${new URLSearchParams({ q: term })}`;

const normal = (typed: string) => typed.replace(/\s+/g, " ").trim();

export default function SearchSuggest({
  input,
  events,
  listboxId,
  onState,
}: {
  input: MutableRefObject<HTMLInputElement | null>;
  events: MutableRefObject<SearchBoxEvents>;
  listboxId: string;
  onState: (state: ComboState) => void;
}) {
  const navigate = useNavigate();
  const endpoint = useHref("/api/suggest");
  const [shown, setShown] = useState<Suggestions | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const pending = useRef<AbortController>();
  const location = useLocation();

  const options: Option[] = shown
    ? [
        ...shown.terms.map((term, i) => ({
          id: `${listboxId}-t${i}`,
          label: term,
          to: searchPath(term),
          kind: "term" as const,
        })),
        ...shown.products.map((p, i) => ({
          id: `${listboxId}-p${i}`,
          label: p.name,
          to: p.href,
          kind: "product" as const,
        })),
      ]
    : [];
  const expanded = open && options.length > 0;
  const activeId = expanded && active >= 0 ? options[active]?.id : undefined;

  useEffect(() => onState({ expanded, activeId }), [expanded, activeId, onState]);

  const show = useCallback(
    (answer: Suggestions) => {
      // Only the answer for what the box holds now: a slower, older one never replaces it.
      if (normal(input.current?.value ?? "") !== answer.term) return;
      setShown(answer);
      setActive(-1);
      setOpen(true);
    },
    [input],
  );

  const lookUp = useCallback(
    (typed: string) => {
      clearTimeout(timer.current);
      pending.current?.abort();
      const term = normal(typed);
      if ([...term].length < MIN_LENGTH) {
        setShown(null);
        setOpen(false);
        return;
      }
      const known = answers.get(term);
      if (known) return show(known);
      timer.current = setTimeout(() => {
        const controller = new AbortController();
        pending.current = controller;
        fetch(`${endpoint}?${new URLSearchParams({ q: term })}`, {
          signal: controller.signal,
          headers: { Accept: "application/json" },
        })
          .then((response) => (response.ok ? (response.json() as Promise<Suggestions>) : null))
          .then((answer) => {
            if (!answer) return;
            // The server's term is the typed text as it read it; the box's is the key both agree on.
            const suggestions = { ...answer, term };
            answers.set(term, suggestions);
            show(suggestions);
          })
          .catch(() => {
            // Cancelled by a newer keystroke, or no answer: the box just searches.
          });
      }, SUGGEST_DELAY_MS);
    },
    [endpoint, show],
  );

  const dismiss = useCallback(() => {
    clearTimeout(timer.current);
    pending.current?.abort();
    setOpen(false);
    setActive(-1);
  }, []);

  // Another page (a search submitted, a link followed): the popup belongs to the page it was opened on.
  useEffect(() => dismiss(), [location.key, dismiss]);

  const choose = useCallback(
    (option: Option) => {
      setOpen(false);
      if (input.current && option.kind === "term") input.current.value = option.label;
      navigate(option.to);
    },
    [input, navigate],
  );

  useEffect(() => {
    events.current = {
      input: lookUp,
      blur: () => setOpen(false),
      keyDown: (event) => {
        const count = options.length;
        if (event.key === "ArrowDown" || event.key === "ArrowUp") {
          if (count === 0) return;
          event.preventDefault();
          const step = event.key === "ArrowDown" ? 1 : -1;
          if (!expanded) {
            setOpen(true);
            setActive(step === 1 ? 0 : count - 1);
          } else setActive((i) => (step === 1 ? (i + 1) % count : i <= 0 ? count - 1 : i - 1));
        } else if (event.key === "Enter" && expanded && active >= 0 && options[active]) {
          event.preventDefault();
          choose(options[active]);
        } else if (event.key === "Enter") {
          // The form searches for what was typed: a look-up still on its way must not open the popup over the results.
          dismiss();
        } else if (event.key === "Escape" && expanded) {
          event.preventDefault();
          setOpen(false);
          setActive(-1);
        }
      },
    };
  });

  // The text typed before this module arrived (the keystroke that loaded it) is looked up as soon as it is here.
  useEffect(() => {
    const typed = input.current?.value ?? "";
    if (typed) lookUp(typed);
    return () => {
      clearTimeout(timer.current);
      pending.current?.abort();
    };
  }, [input, lookUp]);

  const count = options.length;
  const announcement =
    !shown || !open
      ? ""
      : count === 0
        ? "No suggestions."
        : `${count} ${count === 1 ? "suggestion" : "suggestions"}. Use the up and down arrow keys to choose one.`;

  const group = (kind: Option["kind"], label: string) => {
    const items = options.map((option, index) => ({ option, index })).filter(({ option }) => option.kind === kind);
    if (items.length === 0) return null;
    return (
      <div role="group" aria-label={label} className="search-suggest__group">
        <div className="search-suggest__heading" aria-hidden="true">
          {label}
        </div>
        {items.map(({ option, index }) => (
          // The keyboard reaches an option through the box (arrow keys, Enter; aria-activedescendant), as the
          // combobox pattern has it: the option itself is never focused, so it takes no keys of its own.
          // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/interactive-supports-focus
          <div
            key={option.id}
            id={option.id}
            role="option"
            aria-selected={index === active}
            className="search-suggest__option"
            // The box keeps the focus: a press on an option must not blur it before the click.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => choose(option)}
          >
            {option.label}
          </div>
        ))}
      </div>
    );
  };

  return (
    <>
      <div id={listboxId} role="listbox" aria-label="Search suggestions" className="search-suggest" hidden={!expanded}>
        {expanded ? (
          <>
            {group("term", "Searches")}
            {group("product", "Products")}
          </>
        ) : null}
      </div>
      <div role="status" aria-live="polite" className="kit-visually-hidden">
        {announcement}
      </div>
    </>
  );
}
