import { useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { useMemo } from "react";
import type { z } from "zod";

export type UseZodFormOptions<Input> = {
  id?: string;
  /** The action's `submission.reply()`, from useActionData / fetcher.data. */
  lastResult?: SubmissionResult<string[]> | null;
  defaultValue?: { [Key in keyof Input]?: unknown } | null;
};

/**
 * Conform's useForm set up the way every storefront form works: the route's zod schema checks in the
 * browser too, the constraints land on the inputs, and messages appear only after a field's first
 * blur (or a submit), then follow the shopper's typing.
 *
 * The form stays `noValidate` even before hydration, so without JavaScript the server's messages
 * (not the browser's own bubbles) are what shoppers see.
 */
export function useZodForm<Schema extends z.ZodType<unknown, z.ZodTypeDef, Record<string, unknown>>>(
  schema: Schema,
  options: UseZodFormOptions<z.input<Schema>> = {},
) {
  const constraint = useMemo(() => getZodConstraint(schema), [schema]);
  return useForm<z.input<Schema>, z.output<Schema>>({
    id: options.id,
    lastResult: options.lastResult,
    // Conform's DefaultValue type is derived from the schema; the loose object above is what pages have.
    defaultValue: options.defaultValue as never,
    constraint,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate({ formData }) {
      return parseWithZod(formData, { schema });
    },
  });
}
