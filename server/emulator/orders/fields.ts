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

/**
 * The catalogue's own spelling of `name`, or undefined. Field and entity names match in any case, as SOQL's do (an org
 * answers `fields=createdDate` with CreatedDate); the answer always carries the API name.
 */
export function knownName(catalogue: Catalogue<any>, name: string): string | undefined {
  if (Object.hasOwn(catalogue, name)) return name;
  const lower = name.toLowerCase();
  return Object.keys(catalogue).find((k) => k.toLowerCase() === lower);
}

function splitName(name: string): { prefix: string | null; bare: string } {
  const dot = name.indexOf(".");
  return dot < 0 ? { prefix: null, bare: name } : { prefix: name.slice(0, dot), bare: name.slice(dot + 1) };
}

const sameEntity = (prefix: string, entity: string) => prefix.toLowerCase() === entity.toLowerCase();

/** Splits requested names of several entities ("Product2.Name") into the names each entity knows, as it spells them. */
export function fieldsOf(
  requested: string[],
  entity: string,
  catalogue: Catalogue<any>,
  { bareNames }: { bareNames: boolean },
): string[] {
  const out: string[] = [];
  for (const name of requested) {
    const { prefix, bare } = splitName(name);
    if (!(prefix === null ? bareNames : sameEntity(prefix, entity))) continue;
    const known = knownName(catalogue, bare);
    if (known && !out.includes(known)) out.push(known);
  }
  return out;
}

/** Unknown names answer 400 INVALID_FIELD, as the API does for a field it doesn't have. */
export function checkFields(
  requested: string[],
  known: { entity: string; catalogue: Catalogue<any>; bare: boolean }[],
) {
  for (const name of requested) {
    const { prefix, bare } = splitName(name);
    const ok = known.some(
      (k) => (prefix === null ? k.bare : sameEntity(prefix, k.entity)) && knownName(k.catalogue, bare) !== undefined,
    );
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

/** One entity's requested fields, keyed `Entity.Field` as the order reads answer them (fieldsOf, then fieldMap). */
export function entityFields<R>(
  requested: string[],
  entity: string,
  catalogue: Catalogue<R>,
  row: R,
  { bareNames }: { bareNames: boolean },
): Record<string, RecordField> {
  return fieldMap(catalogue, fieldsOf(requested, entity, catalogue, { bareNames }), row, `${entity}.`);
}
