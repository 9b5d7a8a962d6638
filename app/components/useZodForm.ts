import { useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
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
/**
 * Each schema's constraints, worked out once: schemas are built once (builtOncePerOptions, or module constants), and
 * reading the whole schema again on every server render showed in the checkout pages' profiles.
 */
const constraints = new WeakMap<object, ReturnType<typeof getZodConstraint>>();

export function useZodForm<Schema extends z.ZodType<unknown, z.ZodTypeDef, Record<string, unknown>>>(
  schema: Schema,
  options: UseZodFormOptions<z.input<Schema>> = {},
) {
  let constraint = constraints.get(schema);
  if (!constraint) constraints.set(schema, (constraint = getZodConstraint(schema)));
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
