import { z } from "zod";

/**
 * The client's schemas (server/webstore/types/) made strict all the way down: every object refuses a key its
 * schema doesn't list. The client itself stays lenient (a newer API version may add fields); the contract test
 * parses the emulator's answers with these, so a field the emulator invents, or one it answers in another shape
 * than the client's types say, fails the test, and the two can't drift apart.
 */
export function strictDeep(schema: z.ZodTypeAny): z.ZodTypeAny {
  if (schema instanceof z.ZodObject) {
    const shape = Object.fromEntries(
      Object.entries(schema.shape as z.ZodRawShape).map(([key, value]) => [key, strictDeep(value)]),
    );
    return z.object(shape).strict();
  }
  if (schema instanceof z.ZodOptional) return strictDeep(schema.unwrap()).optional();
  if (schema instanceof z.ZodNullable) return strictDeep(schema.unwrap()).nullable();
  if (schema instanceof z.ZodArray) return z.array(strictDeep(schema.element));
  if (schema instanceof z.ZodRecord) return z.record(schema.keySchema, strictDeep(schema.valueSchema));
  if (schema instanceof z.ZodUnion)
    return z.union(schema.options.map(strictDeep) as [z.ZodTypeAny, z.ZodTypeAny, ...z.ZodTypeAny[]]);
  return schema;
}

/** The problems of `value` against the strict form of `schema`, as readable lines ("path: message"); [] when it fits. */
export function shapeProblems(schema: z.ZodTypeAny, value: unknown): string[] {
  const result = strictDeep(schema).safeParse(value);
  if (result.success) return [];
  return result.error.issues.map((issue) => {
    const keys = issue.code === "unrecognized_keys" ? ` ${issue.keys.join(", ")}` : "";
    return `${issue.path.join(".") || "(root)"}: ${issue.message}${keys}`;
  });
}
