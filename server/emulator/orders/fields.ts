import { ApiError } from "../core/errors.js";

/**
 * Record field maps, as the order resources answer them: `{dataName, label, text, type}` per field (the LWR order
 * fixtures' shape), from a catalogue of the fields each entity knows.
 */

export interface RecordField {
  dataName: string;
  label: string;
  text: string | null;
  type: string;
}

export interface FieldDef<R> {
  label: string;
  /** The Connect "type" (lower case, as the API prints it). */
  type:
    | "id"
    | "reference"
    | "string"
    | "datetime"
    | "date"
    | "currency"
    | "double"
    | "boolean"
    | "picklist"
    | "email"
    | "phone"
    | "textarea"
    | "address";
  value(row: R): string | null;
}

export type Catalogue<R> = Record<string, FieldDef<R>>;

function field<R>(name: string, def: FieldDef<R>, row: R): RecordField {
  return { dataName: name, label: def.label, text: def.value(row), type: def.type };
}

/** Splits requested names of several entities ("Product2.Name") into the names each entity knows. */
export function fieldsOf(
  requested: string[],
  entity: string,
  catalogue: Catalogue<any>,
  { bareNames }: { bareNames: boolean },
): string[] {
  const out: string[] = [];
  for (const name of requested) {
    const dot = name.indexOf(".");
    const [prefix, bare] = dot < 0 ? [null, name] : [name.slice(0, dot), name.slice(dot + 1)];
    if (prefix === null ? bareNames : prefix === entity) out.push(bare);
  }
  return out.filter((n) => n in catalogue);
}

/** Unknown names answer 400 INVALID_FIELD, as the API does for a field it doesn't have. */
export function checkFields(
  requested: string[],
  known: { entity: string; catalogue: Catalogue<any>; bare: boolean }[],
) {
  for (const name of requested) {
    const dot = name.indexOf(".");
    const prefix = dot < 0 ? null : name.slice(0, dot);
    const bare = dot < 0 ? name : name.slice(dot + 1);
    const ok = known.some((k) => (prefix === null ? k.bare : prefix === k.entity) && bare in k.catalogue);
    if (!ok)
      throw new ApiError(400, "INVALID_FIELD", `No such column '${bare}' on entity '${prefix ?? known[0].entity}'.`);
  }
}

export function fieldMap<R>(
  catalogue: Catalogue<R>,
  names: string[],
  row: R,
  keyPrefix = "",
): Record<string, RecordField> {
  return Object.fromEntries(names.map((n) => [`${keyPrefix}${n}`, field(n, catalogue[n], row)]));
}
