// The sign-in action's parsing, named from a server module: imported by the page itself, the schema and Conform's
// zod adapter would join its browser bundle. The browser loads ./schema when the shopper reaches the form.
export { parseWithZod } from "@conform-to/zod";
export { loginSchema } from "~/account/forms/login-schema";
