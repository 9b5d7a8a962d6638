import { getZodConstraint } from "@conform-to/zod";
import type { z } from "zod";
import type { FormConstraint } from "./validity";

/** Each schema's constraints, worked out once: schemas are built once (builtOncePerOptions, or module constants). */
const constraints = new WeakMap<z.ZodTypeAny, FormConstraint>();

/**
 * The constraints a form's inputs carry (required, maxLength, min, max, pattern), for the page's loader to send:
 * the page renders them with and without JavaScript, and loads the schema itself only when the form is used
 * (useZodForm).
 */
export function formConstraint(schema: z.ZodTypeAny): FormConstraint {
  let constraint = constraints.get(schema);
  if (!constraint) constraints.set(schema, (constraint = getZodConstraint(schema) as FormConstraint));
  return constraint;
}
