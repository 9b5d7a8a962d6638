// The reset's parsing, named from a server module so the schemas and Conform's zod adapter stay out of the page's
// browser bundle (the browser loads ./schema when the shopper reaches a form).
export { parseWithZod } from "@conform-to/zod";
export { requestSchema, resetSchema } from "~/account/forms/forgot-password-schema";
