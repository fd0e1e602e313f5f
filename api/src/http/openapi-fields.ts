/**
 * The schema nodes of an OpenAPI document, for the tests that hold every
 * route to the same rules: on the request side (field labels, text limits)
 * every parameter and every schema node of every request body (JSON and
 * multipart), on the answer side (closed objects) every node of each
 * answer's data, at any depth.
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
  responses?: Record<string, { content?: Record<string, { schema: JsonSchema }> }>;
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

export interface SchemaNode {
  /** `POST /api/user/saveUser` */
  operation: string;
  /** `query`, `path`, `application/json`, `multipart/form-data`, … (`data` for an answer) */
  part: string;
  /** The field's path, a list's entries as `0` (`projectMembers.0.userRole`); '' for a body itself. */
  path: string;
  schema: JsonSchema;
}

/** A node on the request side. */
export type RequestNode = SchemaNode;

/**
 * Every schema node under a schema (itself, properties, list entries, map
 * values, the branches of a union, each under the path of the field it
 * describes), references resolved; a recursive schema is walked once.
 */
function collectNodes(doc: OpenApiDocument, nodes: SchemaNode[], operation: string, part: string, root: JsonSchema, at: string[]): void {
  const resolve = (schema: JsonSchema): JsonSchema => (schema.$ref ? (doc.components?.schemas?.[schema.$ref.split('/').pop()!] ?? {}) : schema);
  const walk = (raw: JsonSchema, path: string[], refs: ReadonlySet<string>): void => {
    if (raw.$ref && refs.has(raw.$ref)) return; // a recursive schema: once is enough
    const inner = raw.$ref ? new Set(refs).add(raw.$ref) : refs;
    const schema = resolve(raw);
    nodes.push({ operation, part, path: path.join('.'), schema });
    for (const branch of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])]) walk(branch, path, inner);
    for (const [key, child] of Object.entries(schema.properties ?? {})) walk(child, [...path, key], inner);
    if (schema.additionalProperties && typeof schema.additionalProperties === 'object') walk(schema.additionalProperties, [...path, '*'], inner);
    if (schema.items) walk(schema.items, [...path, '0'], inner);
  };
  walk(root, at, new Set());
}

/**
 * Every schema node on the request side: parameters, and each body with
 * everything inside it (properties, list entries, map values, the branches
 * of a union, each under the path of the field it describes).
 */
export function requestNodes(doc: OpenApiDocument): RequestNode[] {
  const nodes: RequestNode[] = [];
  for (const [url, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      const operation = `${method.toUpperCase()} ${url}`;
      for (const parameter of op.parameters ?? []) collectNodes(doc, nodes, operation, parameter.in, parameter.schema ?? {}, [parameter.name]);
      for (const [type, content] of Object.entries(op.requestBody?.content ?? {})) collectNodes(doc, nodes, operation, type, content.schema, []);
    }
  }
  return nodes;
}

/**
 * Every schema node of the answers: the `data` of each enveloped success
 * (200, application/json) with everything inside it, paths from `data`
 * (`items.0.labels`; '' for data itself). Files and other content types are
 * left out. `part` is 'data'.
 */
export function answerNodes(doc: OpenApiDocument): SchemaNode[] {
  const nodes: SchemaNode[] = [];
  for (const [url, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      const envelope = op.responses?.['200']?.content?.['application/json']?.schema;
      if (!envelope) continue;
      const resolved = envelope.$ref ? (doc.components?.schemas?.[envelope.$ref.split('/').pop()!] ?? {}) : envelope;
      const data = resolved.properties?.data;
      if (data) collectNodes(doc, nodes, `${method.toUpperCase()} ${url}`, 'data', data, []);
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
