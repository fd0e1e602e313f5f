/**
 * The request side of an OpenAPI document, for the tests that hold every
 * route to the same rules (field labels, text limits): every parameter and
 * every schema node of every request body (JSON and multipart), at any depth.
 */

export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  maxLength?: number;
  [key: string]: unknown;
}

interface Operation {
  parameters?: { name: string; in: string; schema?: JsonSchema }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

export interface RequestNode {
  /** `POST /api/user/saveUser` */
  operation: string;
  /** `query`, `path`, `application/json`, `multipart/form-data`, … */
  part: string;
  /** The field's path, a list's entries as `0` (`projectMembers.0.userRole`); '' for a body itself. */
  path: string;
  schema: JsonSchema;
}

/**
 * Every schema node on the request side: parameters, and each body with
 * everything inside it (properties, list entries, map values, the branches
 * of a union, each under the path of the field it describes).
 */
export function requestNodes(doc: OpenApiDocument): RequestNode[] {
  const nodes: RequestNode[] = [];
  const resolve = (schema: JsonSchema): JsonSchema => (schema.$ref ? (doc.components?.schemas?.[schema.$ref.split('/').pop()!] ?? {}) : schema);
  const walk = (operation: string, part: string, raw: JsonSchema, path: string[], refs: ReadonlySet<string>): void => {
    if (raw.$ref && refs.has(raw.$ref)) return; // a recursive schema: once is enough
    const inner = raw.$ref ? new Set(refs).add(raw.$ref) : refs;
    const schema = resolve(raw);
    nodes.push({ operation, part, path: path.join('.'), schema });
    for (const branch of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])]) walk(operation, part, branch, path, inner);
    for (const [key, child] of Object.entries(schema.properties ?? {})) walk(operation, part, child, [...path, key], inner);
    if (schema.additionalProperties && typeof schema.additionalProperties === 'object') walk(operation, part, schema.additionalProperties, [...path, '*'], inner);
    if (schema.items) walk(operation, part, schema.items, [...path, '0'], inner);
  };
  for (const [url, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      const operation = `${method.toUpperCase()} ${url}`;
      for (const parameter of op.parameters ?? []) walk(operation, parameter.in, parameter.schema ?? {}, [parameter.name], new Set());
      for (const [type, content] of Object.entries(op.requestBody?.content ?? {})) walk(operation, type, content.schema, [], new Set());
    }
  }
  return nodes;
}

/** The names a request field can have: every parameter's and every body property's, with the operations that use it. */
export function requestFieldNames(doc: OpenApiDocument): Map<string, string[]> {
  const names = new Map<string, string[]>();
  for (const node of requestNodes(doc)) {
    const name = node.path.split('.').filter((p) => p !== '' && p !== '*' && !/^\d+$/.test(p)).at(-1);
    if (name === undefined) continue;
    const operations = names.get(name) ?? [];
    if (!operations.includes(node.operation)) operations.push(node.operation);
    names.set(name, operations);
  }
  return names;
}

/** Whether a node accepts text (its type, or its type list, names string). */
export const isString = (schema: JsonSchema): boolean => (Array.isArray(schema.type) ? schema.type.includes('string') : schema.type === 'string');
