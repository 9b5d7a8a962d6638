/** The gallery's demo form: the action's schema, and the browser's once the form is used (DemoForm). */
import { z } from "zod";
import { email, requiredText } from "~/lib/validation";

export const demoSchema = z.object({
  fullName: requiredText({ max: 80 }),
  email: email(),
});
