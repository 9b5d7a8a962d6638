/**
 * The toast's shape as a zod schema, for the server's checks of what it flashes (shop/toast.server.ts): it reads
 * exactly as lib/toast's parseToast, which the browser uses without zod (tests/kit/toast.test.ts runs both).
 */
import { z } from "zod";
import { isToastDuration, TOAST_MODES, TOAST_VARIANTS, type Toast } from ".";

export const toastSchema: z.ZodType<Toast, z.ZodTypeDef, unknown> = z.object({
  id: z.string().min(1).optional(),
  variant: z.enum(TOAST_VARIANTS),
  mode: z.enum(TOAST_MODES),
  title: z.string().optional(),
  message: z.string().min(1),
  durationSeconds: z
    .number()
    .refine(isToastDuration, "A toast lasts a whole number of seconds greater than zero.")
    .optional(),
});
