// The delivery form's id, shared by the page and its action: the page loads the schema (zod) only when the form is
// used.
export const FORM_ID = "delivery";
