import { Form } from "@remix-run/react";
import { Button } from "~/components/Button";
import type { SortOption } from "~/catalog/model/product";

const SORT_ID = "product-sort";

/**
 * "Sort by" over search or category results: a GET form (so it works without JavaScript) whose choices are the
 * store's sort rules. Sorting starts again at page 1; the search term and the filters chosen, if any, go along.
 *
 * The select is the kit's markup (kit-field, kit-select) written out rather than SelectField: a choice among the
 * store's own rules has no error to show, and SelectField's error wiring brings the text field kit and the validity
 * messages with it (about 3 KB gzip that the catalog and search pages would download for nothing; issue #9).
 */
export function ProductSort({
  options,
  value,
  hidden = {},
}: {
  options: readonly SortOption[];
  value: string | null;
  /** Parameters kept: by name, or as pairs where a name repeats (a filter's values). */
  hidden?: Record<string, string> | readonly (readonly [string, string])[];
}) {
  if (options.length < 2) return null;
  return (
    <Form method="get" className="store-inline-form store-sort" aria-label="Sort results">
      {(Array.isArray(hidden) ? hidden : Object.entries(hidden)).map(([name, v], i) => (
        <input key={`${name}-${i}`} type="hidden" name={name} value={v} />
      ))}
      <div className="kit-field">
        <label htmlFor={SORT_ID} className="kit-field__label">
          Sort by
        </label>
        <div className="kit-field__control">
          <select
            id={SORT_ID}
            name="sort"
            className="kit-select"
            defaultValue={value ?? options[0].value}
            key={value ?? ""}
          >
            {options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
      </div>
      <Button>Sort</Button>
    </Form>
  );
}
