/**
 * A Salesforce record id as the API spells it: letters and digits, 15 of them or the 18-character form. A value
 * that is not one names no record, so it is never sent to the API as an id (a form field a shopper could edit).
 */
export const isRecordId = (id: string) => /^[A-Za-z0-9]{15}(?:[A-Za-z0-9]{3})?$/.test(id);
