// The gallery action's parsing and the demo form's constraints, named from one server module: imported by the page,
// the schemas and Conform's zod adapter would join its browser bundle (the demo form loads its schema when used).
export { parseWithZod } from "@conform-to/zod";
export { demoSchema } from "./demo-schema";
export { consentSchema } from "../../handlers/cookie-consent.server";
export { formConstraint } from "../../lib/validation/constraint.server";
