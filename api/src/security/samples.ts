/**
 * Request samples built from the OpenAPI document's JSON schemas: harmless
 * values that pass each schema, so a test can change one field and see that
 * field alone refused.
 */
export type JsonSchema = Record<string, any>;

const PATTERN_CANDIDATES = ['00000000-0000-0000-0000-000000000000', 'H', 'x1', '1', 'abc'];

export function resolve(doc: any, schema: JsonSchema | undefined): JsonSchema {
  let current = schema ?? {};
  for (let hops = 0; current.$ref && hops < 20; hops++) current = doc.components.schemas[String(current.$ref).replace('#/components/schemas/', '')] ?? {};
  return current;
}

/** The first branch of a union that is not null, resolved. */
export function mainBranch(doc: any, schema: JsonSchema | undefined): JsonSchema {
  const s = resolve(doc, schema);
  const branches: JsonSchema[] | undefined = s.anyOf ?? s.oneOf;
  if (!branches) return s;
  const chosen = branches.map((b) => resolve(doc, b)).find((b) => b.type !== 'null') ?? {};
  return mainBranch(doc, chosen);
}

function typeOf(s: JsonSchema): string | undefined {
  return Array.isArray(s.type) ? s.type.find((t: string) => t !== 'null') : s.type;
}

/** A free-text string: what the unsafe-character check is about (no enum, pattern or special format). */
export function isFreeText(doc: any, schema: JsonSchema | undefined): boolean {
  const s = mainBranch(doc, schema);
  return typeOf(s) === 'string' && !s.enum && !s.pattern && !s.format;
}

export function isBinary(doc: any, schema: JsonSchema | undefined): boolean {
  const s = mainBranch(doc, schema);
  return typeOf(s) === 'string' && s.format === 'binary';
}

/** A value that passes the schema, as far as the document describes it. */
export function sample(doc: any, schema: JsonSchema | undefined, depth = 0): unknown {
  const s = mainBranch(doc, schema);
  if (s.allOf) return Object.assign({}, ...s.allOf.map((part: JsonSchema) => sample(doc, part, depth + 1)));
  if (s.enum?.length) return s.enum[0];
  if ('const' in s) return s.const;
  switch (typeOf(s)) {
    case 'string': {
      if (s.format === 'date-time' || s.format === 'date') return '2026-01-01';
      if (s.format === 'binary') return new File(['x'], 'sample.xlsx');
      if (s.pattern) return PATTERN_CANDIDATES.find((c) => new RegExp(s.pattern).test(c)) ?? 'x1';
      const min = s.minLength ?? 0;
      return 'x1'.padEnd(Math.max(2, min), 'x').slice(0, s.maxLength ?? 200);
    }
    case 'integer':
    case 'number':
      return Math.min(Math.max(1, s.minimum ?? 1), s.maximum ?? Number.MAX_SAFE_INTEGER);
    case 'boolean':
      return true;
    case 'array':
      return Array.from({ length: s.minItems ?? 0 }, () => sample(doc, s.items, depth + 1));
    case 'object':
    case undefined: {
      if (!s.properties || depth > 6) return {};
      const out: Record<string, unknown> = {};
      for (const name of s.required ?? []) out[name] = sample(doc, s.properties[name], depth + 1);
      return out;
    }
    default:
      return null;
  }
}

/** The top-level properties of an object schema that hold free text. */
export function freeTextProperties(doc: any, schema: JsonSchema | undefined): string[] {
  const s = mainBranch(doc, schema);
  return Object.entries<JsonSchema>(s.properties ?? {})
    .filter(([, property]) => isFreeText(doc, property))
    .map(([name]) => name);
}
