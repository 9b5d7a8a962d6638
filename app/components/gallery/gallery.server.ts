/**
 * The gallery's server side (it has no shop): the demo form's constraints for the loader, and the action's parsing.
 * The page names this one server module: imported by the page, the schemas and Conform's zod adapter would join its
 * browser bundle (the demo form loads its schema when used).
 */
import { parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/node";
import { demoSchema } from "./demo-schema";
import type { GalleryActionData } from "./GalleryForms";
import { consentSchema } from "~/locale/consent.server";
import { formConstraint } from "~/lib/validation/constraint.server";

/** The loader's data: the demo form's constraints (the page loads the schema itself when the form is used). */
export function galleryPage() {
  return { demoConstraint: formConstraint(demoSchema) };
}

/** The gallery's forms: the cookie banner's round trip, else the demo form checked with the browser's schema. */
export function submitGallery(formData: FormData) {
  const consent = parseWithZod(formData, { schema: consentSchema });
  if (consent.status === "success" && consent.value.intent) {
    // The gallery only shows the banner's round trip; the app's own action stores the cookie.
    return data<GalleryActionData>({ form: "consent", consent: consent.value.intent });
  }
  const submission = parseWithZod(formData, { schema: demoSchema });
  if (submission.status !== "success") {
    return data<GalleryActionData>({ form: "demo", result: submission.reply() }, { status: 400 });
  }
  return data<GalleryActionData>({
    form: "demo",
    result: submission.reply({ resetForm: true }),
    greeting: `Thanks, ${submission.value.fullName}. We will write to ${submission.value.email}.`,
  });
}
