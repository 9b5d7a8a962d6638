/** An order API field (ConnectApi.FieldValue): what the order pages read their values from. */
export const field = (dataName: string, text: string | null, type = "string") => ({
  dataName,
  label: dataName,
  text,
  type,
});
