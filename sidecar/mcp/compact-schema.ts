// tools/list is read into an agent's context before it has asked anything, so the JSON
// Schemas there say only what a caller needs. An output schema keeps its shape (types,
// properties, required, items, enums, nullability) and loses what only a validator of the
// server's own output would use; a subschema written several times is written once under
// `definitions` (JSON Schema draft-07 §9). The full schemas, with every description and
// bound, are in /openapi.json.

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

const OUTPUT_DROP = new Set([
  '$schema',
  'description',
  'pattern',
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'minItems',
  'maxItems',
  'examples',
  'format',
  'additionalProperties',
]);
const INPUT_DROP = new Set(['$schema', 'examples']);
/** Patterns a caller never needs to read: the control characters every text field refuses, and a date's when its format says it. */
const TEXT_PATTERN = '^[^\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\uFFFE\\uFFFF]*$';
/** Levels of properties and items an output schema spells out: a result's fields and theirs (get_review spells out a review). */
const OUTPUT_DEPTH = 2;
/** Subschemas shorter than this are not worth a $ref. */
const SHARE_FROM = 120;

const isObject = (x: Json): x is JsonObject => x !== null && typeof x === 'object' && !Array.isArray(x);

function strip(x: Json, drop: ReadonlySet<string>): Json {
  if (Array.isArray(x)) return x.map((v) => strip(v, drop));
  if (!isObject(x)) return x;
  const out: JsonObject = {};
  for (const [k, v] of Object.entries(x)) {
    if (k === 'properties' && isObject(v)) out[k] = Object.fromEntries(Object.entries(v).map(([name, s]) => [name, strip(s, drop)]));
    else if (!drop.has(k) && !(k === 'pattern' && (v === TEXT_PATTERN || x.format === 'date'))) out[k] = strip(v, drop);
  }
  return out;
}

function share(root: JsonObject): JsonObject {
  const seen = new Map<string, number>();
  const count = (x: Json) => {
    if (Array.isArray(x)) x.forEach(count);
    else if (isObject(x)) {
      const key = JSON.stringify(x);
      if (key.length >= SHARE_FROM) seen.set(key, (seen.get(key) ?? 0) + 1);
      Object.values(x).forEach(count);
    }
  };
  Object.values(root).forEach(count);
  const definitions: JsonObject = {};
  const names = new Map<string, string>();
  const replace = (x: Json, top: boolean): Json => {
    if (Array.isArray(x)) return x.map((v) => replace(v, false));
    if (!isObject(x)) return x;
    const key = JSON.stringify(x);
    if (!top && (seen.get(key) ?? 0) > 1) {
      let name = names.get(key);
      if (name === undefined) {
        name = `s${names.size + 1}`;
        names.set(key, name);
        definitions[name] = replace(x, true);
      }
      return { $ref: `#/definitions/${name}` };
    }
    return Object.fromEntries(Object.entries(x).map(([k, v]) => [k, replace(v, false)]));
  };
  const out = replace(root, true) as JsonObject;
  return names.size > 0 ? { ...out, definitions } : out;
}

export function compactInputSchema(schema: object): JsonObject {
  return strip(schema as Json, INPUT_DROP) as JsonObject;
}

/** Below `depth` levels of properties and items, a schema keeps only its type. */
function shallow(x: Json, depth: number): Json {
  if (Array.isArray(x)) return x.map((v) => shallow(v, depth));
  if (!isObject(x)) return x;
  if (depth <= 0 && (x.type === 'object' || x.type === 'array')) return { type: x.type };
  const out: JsonObject = {};
  for (const [k, v] of Object.entries(x)) {
    if (k === 'properties' && isObject(v)) out[k] = Object.fromEntries(Object.entries(v).map(([name, s]) => [name, shallow(s, depth - 1)]));
    else if (k === 'items') out[k] = shallow(v, depth - 1);
    else out[k] = shallow(v, depth);
  }
  return out;
}

/**
 * A union of objects told apart by a constant (a review's `evidence`) written as one object: every
 * member's properties, the constants as one enum, required what all members require. Looser, never
 * wrong, and a third of the bytes.
 */
function mergeUnions(x: Json): Json {
  if (Array.isArray(x)) return x.map(mergeUnions);
  if (!isObject(x)) return x;
  const members = x.oneOf ?? x.anyOf;
  if (Array.isArray(members) && members.length > 1 && members.every((m) => isObject(m) && m.type === 'object' && isObject(m.properties ?? null))) {
    const properties: JsonObject = {};
    for (const m of members as JsonObject[]) {
      for (const [name, prop] of Object.entries(m.properties as JsonObject)) {
        const seen = properties[name];
        if (isObject(prop) && prop.const !== undefined) {
          const values = seen !== undefined && isObject(seen) && Array.isArray(seen.enum) ? seen.enum : [];
          properties[name] = { enum: [...values, prop.const] };
        } else if (seen === undefined) properties[name] = mergeUnions(prop);
      }
    }
    const required = (members as JsonObject[])
      .map((m) => (Array.isArray(m.required) ? (m.required as string[]) : []))
      .reduce((a, b) => a.filter((k) => b.includes(k)));
    const { oneOf: _one, anyOf: _any, ...rest } = x;
    return { ...rest, type: 'object', properties, ...(required.length ? { required } : {}) };
  }
  return Object.fromEntries(Object.entries(x).map(([k, v]) => [k, k === 'const' ? v : mergeUnions(v)]));
}

export function compactOutputSchema(schema: object, depth = OUTPUT_DEPTH): JsonObject {
  return share(shallow(mergeUnions(strip(schema as Json, OUTPUT_DROP)), depth) as JsonObject);
}
