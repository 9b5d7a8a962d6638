// The shipping form's names and limits, shared by the page and its schema: the page loads the schema (zod) only
// when the form is used.
export const FORM_ID = "shipping";
export const CONTACT_MAX = { lastName: 80, phone: 40 } as const;
