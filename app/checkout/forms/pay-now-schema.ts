import { z } from "zod";

/** The page's two buttons (built when used: a module-level zod call would load zod in the browser). */
export function payNowSchema() {
  return z.discriminatedUnion("intent", [
    z.object({ intent: z.literal("pay") }),
    z.object({ intent: z.literal("cancel") }),
  ]);
}
