import { afterAll, describe, expect, it } from 'vitest';
import { openTestApp } from '../testing.ts';
import { answerNodes, type JsonSchema, type OpenApiDocument, type SchemaNode } from './openapi-fields.ts';

/**
 * Issue 11: an answer names its fields. Every object in the data of every
 * route's answer, at any depth, is closed in the OpenAPI document
 * (additionalProperties: false, from z.strictObject), so the document shows
 * exactly the fields answered and the tests' answer check
 * (http/answer-check.ts) refuses a key nobody named. An open object needs a
 * reason here.
 */
const api = await openTestApp();
afterAll(() => api.dispose());
const doc = (await (await api.app.request('/api/openapi.json')).json()) as OpenApiDocument;
const nodes = answerNodes(doc);

/** Deliberately open: maps keyed by a code, whose keys are data rather than field names. */
const MESSAGE_PARAMS = 'a message\'s parameters keyed by the names its message key uses (serialNum, name …), beside the title already rendered from them';
const OPEN: Record<string, { path: string; why: string }> = {
  'GET /api/user/info': { path: 'rules', why: 'the business-rule flags keyed by their code (ruleType), as the workbench looks them up' },
  // the same answer under the spec's names (routes/auth/spec-names.ts)
  'POST /api/user/getLoginInfo': { path: 'rules', why: 'GET /api/user/info’s answer' },
  'POST /api/emailRedirect/redirectPageGetUserInfo': { path: 'rules', why: 'GET /api/user/info’s answer' },
  'GET /api/message/businessMessageList': { path: 'items.0.params', why: MESSAGE_PARAMS },
  'GET /api/message/processedList': { path: 'items.0.params', why: MESSAGE_PARAMS },
  'GET /api/message/systemMessageList': { path: 'items.0.params', why: MESSAGE_PARAMS },
  'POST /api/message/readMessage': { path: 'params', why: MESSAGE_PARAMS },
  'POST /api/message/appExportForModule': { path: 'params', why: MESSAGE_PARAMS },
  'GET /api/message/getLatestMessageAndNotice': { path: 'message.params', why: MESSAGE_PARAMS },
  'GET /api/fta/failureLinks': { path: 'links.0.eventLabels', why: 'the labels of the cut sets\' events keyed by their names in the tree (MEF identifiers the user chose: data, not field names)' },
  'GET /api/menu/tree': { path: '0.resources.buttons', why: 'the API calls each button of the menu opens, keyed by the button\'s name (the plugin declares them: data, not field names)' },
  'POST /api/menu/saveOverride': { path: 'resources.buttons', why: 'the API calls each button of the menu opens, keyed by the button\'s name (the plugin declares them: data, not field names)' },
  'GET /api/project/checks': { path: 'findings.0.params', why: 'a finding\'s values keyed by the names its check\'s message uses (name, ratings, planClass …), beside the message already rendered from them' },
};

/** A record's custom field values (System › Customisation forms) keyed by the fields' system names, which the administrator chooses: data, not field names. */
const CUSTOM_VALUES = /(^|\.)customFields$/;

const isObject = (schema: JsonSchema) => schema.type === 'object' || (Array.isArray(schema.type) && schema.type.includes('object')) || schema.properties !== undefined;
const label = (n: SchemaNode) => `${n.operation} data${n.path ? `.${n.path}` : ''}`;

describe('the answers in the OpenAPI document', () => {
  it('walks the data of every enveloped answer, nested objects included', () => {
    expect(new Set(nodes.map((n) => n.operation)).size).toBeGreaterThan(140);
    expect(nodes.some((n) => n.operation === 'GET /api/fmea/riskGrid' && n.path === 'items.0.effect')).toBe(true);
    expect(nodes.some((n) => n.operation === 'GET /api/project/selectProjectById' && n.path === 'projectMembers.0')).toBe(true);
  });

  it('closes every object (additionalProperties: false) but the documented maps', () => {
    const open = nodes.filter((n) => isObject(n.schema) && n.schema.additionalProperties !== false && OPEN[n.operation]?.path !== n.path && !(CUSTOM_VALUES.test(n.path) && typeof n.schema.additionalProperties === 'object'));
    expect(open.map((n) => `${label(n)}: additionalProperties ${JSON.stringify(n.schema.additionalProperties ?? 'absent')}`)).toEqual([]);
  });

  it('keeps each documented map open and typed, and only those', () => {
    for (const [operation, { path }] of Object.entries(OPEN)) {
      const node = nodes.find((n) => n.operation === operation && n.path === path);
      expect(node, `${operation} ${path}`).toBeDefined();
      expect(typeof node!.schema.additionalProperties, `${operation} ${path}: a map says what its values are`).toBe('object');
    }
  });

  it('sends files as files: no download route describes an envelope', () => {
    const downloads = Object.entries(doc.paths).flatMap(([url, item]) =>
      Object.entries(item)
        .filter(([, op]) => /^(Download|Export)/.test(String((op as { summary?: string }).summary ?? '')))
        .map(([method, op]) => ({ operation: `${method.toUpperCase()} ${url}`, types: Object.keys(op.responses?.['200']?.content ?? {}) })),
    );
    expect(downloads.length).toBeGreaterThan(2);
    expect(downloads.filter((d) => d.types.includes('application/json')).map((d) => d.operation)).toEqual([]);
  });
});
