/**
 * Moving items between shipments (spec §3 "Split shipment"): what one line's "Move" form asks for, checked against
 * the shipments. For the shipping step's action; apart from shipments.ts because its quantity rule is zod's, which
 * the pages that only show shipments don't load.
 */
import { firstError, quantity } from "~/lib/validation";
import { MOVE_FIELDS, type Shipments } from "./shipments";

export interface Arrangement {
  cartItemId: string;
  deliveryGroupId: string;
  quantity: number;
}

export type ArrangementResult =
  | { ok: true; arrangement: Arrangement; itemName: string; targetLabel: string }
  | { ok: false; lineId: string | null; error: string };

type FormLike = { get(name: string): FormDataEntryValue | null };

/**
 * The arrange-items input a line's "Move" form describes: a line of one shipment, another shipment as the target,
 * and a whole quantity from 1 to what the line holds. Errors are the kit's field messages.
 */
export function arrangementFromForm(formData: FormLike, shipments: Shipments): ArrangementResult {
  const read = (name: string) => {
    const value = formData.get(name);
    return typeof value === "string" ? value : undefined;
  };
  return arrangementFrom(
    { lineId: read(MOVE_FIELDS.lineId), targetGroupId: read(MOVE_FIELDS.target), quantity: read(MOVE_FIELDS.quantity) },
    shipments,
  );
}

/** The same, from the Move form's parsed fields. */
export function arrangementFrom(
  fields: { lineId?: string; targetGroupId?: string; quantity?: string },
  shipments: Shipments,
): ArrangementResult {
  const lineId = fields.lineId?.trim() ?? "";
  const line = shipments.shipments.flatMap((s) => s.items).find((l) => l.id === lineId);
  if (!line) return { ok: false, lineId: lineId || null, error: "That item is no longer in your cart." };
  const targets = [...shipments.shipments, ...shipments.emptyShipments].filter((s) => s.id !== line.groupId);
  const target = targets.find((s) => s.id === fields.targetGroupId?.trim());
  if (!target) return { ok: false, lineId, error: "Choose the shipment to move the item to." };
  const parsed = quantity().safeParse(fields.quantity?.trim() ?? "");
  if (!parsed.success) {
    return {
      ok: false,
      lineId,
      error: firstError(parsed.error.issues.map((i) => i.message)) ?? "Enter a valid value.",
    };
  }
  if (parsed.data > line.quantity) return { ok: false, lineId, error: "The number is too high." };
  return {
    ok: true,
    arrangement: { cartItemId: line.id, deliveryGroupId: target.id, quantity: parsed.data },
    itemName: line.name,
    targetLabel: target.label,
  };
}
