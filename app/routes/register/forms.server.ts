// The registration's parsing, named from a server module so the schemas and Conform's zod adapter stay out of the
// page's browser bundle (the browser loads ./schema when the shopper reaches a form).
export { parseWithZod } from "@conform-to/zod";
export { startSchema, verifySchema } from "~/account/forms/register-schema";
