import { Form } from "@remix-run/react";
import { Button } from "../Button";
import { SelectField } from "../SelectField";
import type { SortOption } from "../../lib/catalog/product";

/**
 * "Sort by" over search or category results: a GET form (so it works without JavaScript) whose choices are the
 * store's sort rules. Sorting starts again at page 1; the search term, if any, goes along.
 */
export function ProductSort({
  options,
  value,
  hidden = {},
}: {
  options: readonly SortOption[];
  value: string | null;
  hidden?: Record<string, string>;
}) {
  if (options.length < 2) return null;
  return (
    <Form method="get" className="store-inline-form store-sort" aria-label="Sort results">
      {Object.entries(hidden).map(([name, v]) => (
        <input key={name} type="hidden" name={name} value={v} />
      ))}
      <SelectField
        label="Sort by"
        name="sort"
        options={options}
        defaultValue={value ?? options[0].value}
        key={value ?? ""}
      />
      <Button>Sort</Button>
    </Form>
  );
}
