/** Gift wrap: the API has no field for it, so the wish travels in the shipment's instructions, starting with this note. */
export const GIFT_WRAP_NOTE = "Gift wrap requested.";
