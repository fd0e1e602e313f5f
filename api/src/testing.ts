/**
 * The API's one test-support module (imported by *.test.ts only): the app
 * over a real database (`openTestApp`), signed-in people and teams built on
 * core's builders (`@fmea/core/testing`: every user and role gets a fresh
 * unique name, so a test asks the person for `user.userName`), callers that
 * expect 200, a project built through the API, the control plan's people
 * and PFMEA, and the refusal checks the route tests share.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { createCatalogRecord, dictionaryChoices, findDictionaryType, generateControlPlan, importBom, saveControlPlanLine, saveDictionaryItem, sessionIdOf, type RoleType, type RouteGrant } from '@fmea/core';
import { bomWorkbook, buildHousingPfmea, buildRole, buildUser, DOOR_BOM, openTestDatabase, seededRandom, TEST_PASSWORD, uniqueName, type BuildUserOptions, type TestDatabase } from '@fmea/core/testing';
import { createApp } from './app.ts';
import type { AnswerMismatch } from './http/answer-check.ts';
import type { WebOrigins } from './http/origin.ts';

export { TEST_PASSWORD };

export interface CallOptions {
  body?: unknown;
  token?: string;
  lang?: string;
  headers?: Record<string, string>;
  /** Raw body instead of JSON (malformed-JSON and upload tests). */
  raw?: RequestInit['body'];
  /** The peer address the server sees, as a socket would give it (sign-in throttle tests). */
  remoteAddress?: string;
}

export interface CallResult<T = any> {
  status: number;
  body: { meta: { success: boolean; code: number; message: string }; data: T };
  headers: Headers;
}

/**
 * The app over a real, seeded libsql database (`:memory:`, or a temp file with `file`), driven with `app.request` (no sockets).
 * Every JSON answer's data is parsed through its route's schema (http/answer-check.ts): `call` throws on one that does not
 * match, naming the route, the path and zod's issues (a test driving `app.request` itself gets a 500 saying the same).
 */
export async function openTestApp(
  options: { now?: () => Date; importLimitBytes?: number; importConcurrency?: number; web?: Partial<WebOrigins>; file?: boolean; /** A second server on this one's database and files. */ beside?: { t: TestDatabase; services: { filesDir: string } } } = {},
) {
  const t: TestDatabase = options.beside?.t ?? (await openTestDatabase(options));
  const filesDir = options.beside?.services.filesDir ?? mkdtempSync(join(tmpdir(), 'fmea-files-'));
  const mismatches: AnswerMismatch[] = [];
  // the sign-in throttle's delays are recorded, never waited for: no test depends on time passing
  const waits: number[] = [];
  const { app, services } = createApp({
    database: t,
    now: options.now,
    wait: async (ms) => void waits.push(ms),
    filesDir,
    importLimitBytes: options.importLimitBytes,
    // the default, not IMPORT_CONCURRENCY of the machine running the tests
    importConcurrency: options.importConcurrency ?? 2,
    web: options.web,
    checkAnswers: (mismatch) => mismatches.push(mismatch),
  });

  async function call<T = any>(method: string, path: string, options: CallOptions = {}): Promise<CallResult<T>> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.token = options.token;
    if (options.lang) headers.lang = options.lang;
    let body: RequestInit['body'] = options.raw;
    if (options.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.body);
    }
    const env = options.remoteAddress ? { incoming: { socket: { remoteAddress: options.remoteAddress } } } : undefined;
    const res = await app.request(path, { method, headers, body }, env);
    if (mismatches.length > 0) throw new Error(mismatches.splice(0).map((m) => m.message).join('\n'));
    const text = await res.text();
    let parsed: CallResult<T>['body'];
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = { meta: { success: res.ok, code: res.status, message: text }, data: text as T };
    }
    return { status: res.status, body: parsed, headers: res.headers };
  }

  /** Signs in and returns the token; fails the test on anything but flag 1. */
  async function login(username: string, password = TEST_PASSWORD, extra: Record<string, unknown> = {}): Promise<string> {
    const res = await call('POST', '/api/login', { body: { username, password, ...extra } });
    if (res.body.data?.flag !== 1) throw new Error(`login of ${username} answered ${JSON.stringify(res.body)}`);
    return res.body.data.token;
  }

  return {
    t,
    app,
    services,
    /** The sign-in throttle's delays so far, in ms, in order (each one the server would have waited). */
    waits,
    call,
    login,
    adminToken: () => login('admin'),
    dispose() {
      // the first server owns the database and the files
      if (options.beside) return;
      t.dispose();
      rmSync(filesDir, { recursive: true, force: true });
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof openTestApp>>;

// ---------------------------------------------------------------------------
// Signed-in people

/**
 * A fresh user (named `<label>-…`, the real name the same) holding one fresh
 * role with these grants, signed in. `roleType` '1' makes them a site
 * administrator (acting in their home site), '0' a super one.
 */
export async function signedInWith(api: TestApp, label: string, grants: readonly RouteGrant[], extra: Omit<BuildUserOptions, 'label' | 'mustChangePassword'> = {}, roleType: RoleType = '2') {
  const role = await buildRole(api.t.ctx, { label, roleType, grants });
  const user = await buildUser(api.t.ctx, { label, roles: [role.id], mustChangePassword: false, ...extra });
  return { user, role, token: await api.login(user.userName) };
}

export type Person = Awaited<ReturnType<typeof signedInWith>>;

/** The token of a fresh user whose one role grants exactly `grants`. */
export const signInWith = async (api: TestApp, label: string, grants: readonly RouteGrant[]): Promise<string> => (await signedInWith(api, label, grants)).token;

/** A plain engineer: a role with only dfmea_index (button add). */
export const plainEngineer = (api: TestApp) => signedInWith(api, 'eng', [{ routeName: 'dfmea_index', buttons: ['add'] }]);

/** The token of a plain engineer. */
export const engineerToken = async (api: TestApp): Promise<string> => (await plainEngineer(api)).token;

/** A user of the page without any of its buttons: may read, may not write. */
export const reader = (api: TestApp, routeName: string) => signedInWith(api, 'reader', [{ routeName, buttons: [] }]);

const ALL_BUTTONS = ['add', 'edit', 'del'];

/** A signed-in engineer with dfmea_index and its add/edit/del buttons. */
export function engineer(api: TestApp, label: string, buttons = ALL_BUTTONS): Promise<Person> {
  return signedInWith(api, label, [{ routeName: 'dfmea_index', buttons }]);
}

export interface Team {
  owner: Person;
  editor: Person;
  reader: Person;
  outsider: Person;
}

/** Owner (role 0), editor (collaborator 1), reader (reviewer 4: read-only) and someone with the route who is not a member, each a fresh engineer. */
export async function makeTeam(api: TestApp): Promise<Team> {
  return {
    owner: await engineer(api, 'owner'),
    editor: await engineer(api, 'editor'),
    reader: await engineer(api, 'reader'),
    outsider: await engineer(api, 'outsider'),
  };
}

/** Calls as a person; `ok` expects 200 and hands back the data. */
export function caller(api: TestApp, person: Person, lang?: string) {
  const token = person.token;
  return {
    get: (path: string) => api.call('GET', path, { token, lang }),
    post: (path: string, body: unknown) => api.call('POST', path, { token, body, lang }),
    async ok<T = any>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
      const res: CallResult<T> = await api.call(method, path, { token, body, lang });
      expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBe(200);
      return res.body.data;
    },
  };
}

// ---------------------------------------------------------------------------
// A project through the API

/** Customer dictionary items the FMEA route tests name (the seed leaves the list empty); added once per database. */
export const TEST_CUSTOMERS = [
  ['1', 'ACME汽车', 'ACME Cars'],
  ['C1', '客户一', 'Customer one'],
  ['C2', '客户二', 'Customer two'],
] as const;

export async function ensureCustomers(api: TestApp): Promise<void> {
  if ((await dictionaryChoices(api.t.db, ['customer'])).get('customer')!.length > 0) return;
  const type = await findDictionaryType(api.t.db, 'customer');
  for (const [i, [code, name, enName]] of TEST_CUSTOMERS.entries()) await saveDictionaryItem(api.t.ctx, { parentId: type.id, code, name, enName, sort: i + 1 });
}

/** A DFMEA of the team, named `Window lifter-…` unless named, customer "ACME Cars" (stored as its code '1'). */
export async function createTeamProject(api: TestApp, team: Team, name = uniqueName('Window lifter')) {
  await ensureCustomers(api);
  return caller(api, team.owner).ok('POST', '/api/project/save', {
    projectType: 'dfmea',
    name,
    customer: 'ACME Cars',
    projectMembers: [
      { userId: team.owner.user.id, userRole: 0 },
      { userId: team.editor.user.id, userRole: 1 },
      { userId: team.reader.user.id, userRole: 4 },
    ],
  });
}

/**
 * The handbook's window lifter over three levels, through the API:
 * root (fn Close window, FE S9) → Gearbox (fn Transmit torque, FM) → Gear (fn Mesh with worm, FC O6 D5).
 */
export async function buildChain(api: TestApp, person: Person, project: { pptSerial: string }) {
  const as = caller(api, person);
  const gearbox = await as.ok('POST', '/api/fmea/addNode', { parentId: project.pptSerial, name: 'Gearbox' });
  const gear = await as.ok('POST', '/api/fmea/addNode', { parentId: gearbox.id, name: 'Gear' });
  const close = await as.ok('POST', '/api/fmea/addFunction', { nodeId: project.pptSerial, description: 'Close window', requirement: 'within 4 s' });
  const torque = await as.ok('POST', '/api/fmea/addFunction', { nodeId: gearbox.id, description: 'Transmit torque', requirement: '12 Nm' });
  const mesh = await as.ok('POST', '/api/fmea/addFunction', { nodeId: gear.id, description: 'Mesh with worm' });
  const effect = await as.ok('POST', '/api/fmea/addFailure', { functionId: close.id, kind: 'FE', description: 'Window does not close', severity: 9 });
  const mode = await as.ok('POST', '/api/fmea/addFailure', { functionId: torque.id, kind: 'FM', description: 'No torque transmitted' });
  const cause = await as.ok('POST', '/api/fmea/addFailure', { functionId: mesh.id, kind: 'FC', description: 'Teeth worn', occurrence: 6, det: 5 });
  await as.ok('POST', '/api/fmea/linkFailures', { higherFailureId: effect.id, lowerFailureId: mode.id });
  await as.ok('POST', '/api/fmea/linkFailures', { higherFailureId: mode.id, lowerFailureId: cause.id });
  return { gearbox, gear, close, torque, mesh, effect, mode, cause };
}

/**
 * The people and the PFMEA the control plan's route tests share: process
 * engineers holding the PFMEA route (owner, editor, a read-only reviewer, and
 * one outside the team), someone with the DFMEA route only, and the gearbox
 * housing PFMEA of core's test builders (OP10 machining, OP20 pressing).
 */
export async function controlPlanSetup(api: TestApp) {
  const engineer = (label: string, buttons = ['add', 'edit', 'del']) => signedInWith(api, label, [{ routeName: 'pfmea_index', buttons }]);
  const people = {
    owner: await engineer('owner'),
    editor: await engineer('editor'),
    reader: await engineer('reader'),
    outsider: await engineer('outsider'),
    designOnly: await signedInWith(api, 'design', [{ routeName: 'dfmea_index', buttons: ['add', 'edit', 'del'] }]),
  } satisfies Record<string, Person>;
  const pfmea = await buildHousingPfmea(api.t.ctx, [
    { userId: people.owner.user.id, roles: [0] },
    { userId: people.editor.user.id, roles: [1] },
    { userId: people.reader.user.id, roles: [4] },
  ]);
  return { ...people, pfmea, projectId: pfmea.project.id };
}

// ---------------------------------------------------------------------------
// Refusals and what the route tests check

export const UNAUTHENTICATED = { zh: '未登录或会话已过期，请重新登录', en: 'Not signed in or the session has expired; please sign in again' };
export const NOT_ALLOWED = { zh: '无权限执行此操作', en: 'You do not have permission to do this' };

/** The refusals the project access rules answer (en-US). */
export const NOT_MEMBER = 'You are not a member of this project';
export const READ_ONLY = 'You have read-only access to this project';
export const DELETED = 'The project has been deleted and cannot be opened';

export const SCRIPT_TEXT = '<script>alert(1)</script>';
export const SQL_TEXT = "'; DROP TABLE user;--";

export interface RouteCall {
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  /** A raw body (an upload's FormData) instead of JSON. */
  raw?: RequestInit['body'];
}

export const describeCall = (call: RouteCall) => `${call.method} ${call.path}`;

export async function callAs(api: TestApp, call: RouteCall, token?: string, lang?: string): Promise<CallResult> {
  return api.call(call.method, call.path, { body: call.body, raw: call.raw, token, lang });
}

/** 401 without a token; with a token of someone without the permission, 403, in both languages. */
export async function expectRefused(api: TestApp, call: RouteCall, token?: string) {
  const anonymous = await callAs(api, call);
  expect(anonymous.status, `${describeCall(call)} without a token`).toBe(401);
  expect(anonymous.body.meta).toEqual({ success: false, code: 401, message: UNAUTHENTICATED.zh });
  if (token === undefined) return;
  const zh = await callAs(api, call, token);
  expect(zh.status, `${describeCall(call)} without the permission`).toBe(403);
  expect(zh.body.meta.message).toBe(NOT_ALLOWED.zh);
  const en = await callAs(api, call, token, 'en-US');
  expect(en.status, `${describeCall(call)} without the permission`).toBe(403);
  expect(en.body.meta).toEqual({ success: false, code: 403, message: NOT_ALLOWED.en });
}

/** A 400 with the exact message in zh-CN (default) and en-US. */
export async function expectInvalid(api: TestApp, call: RouteCall, token: string, messages: { zh: string; en: string }) {
  const zh = await callAs(api, call, token);
  expect(zh.status, `${describeCall(call)} ${JSON.stringify(zh.body)}`).toBe(400);
  expect(zh.body.meta.message).toBe(messages.zh);
  const en = await callAs(api, call, token, 'en-US');
  expect(en.body.meta.message).toBe(messages.en);
  return zh;
}

/** The spec's validation headline followed by one line per field. */
export const invalid = (zh: string, en: string) => ({ zh: `请求参数校验失败\n${zh}`, en: `The request failed validation\n${en}` });

/** The newest operation-log entry of an action, read through the API. */
export async function lastLogged(api: TestApp, token: string, action: string) {
  const res = await api.call('POST', '/api/operationLog/list', { token, body: { action, limit: 1 } });
  expect(res.status).toBe(200);
  return res.body.data.items[0];
}

/** A multipart body with one file. */
export function upload(field: string, fileName: string, content: Uint8Array | string, extra: Record<string, string> = {}): FormData {
  const form = new FormData();
  form.append(field, new File([content as Uint8Array<ArrayBuffer> | string], fileName));
  for (const [key, value] of Object.entries(extra)) form.append(key, value);
  return form;
}

// ---------------------------------------------------------------------------
// Realtime

/** Binds a fake socket to the token's session and records what the realtime hub tells it. */
export function watchSocket(api: TestApp, token: string, userId: string) {
  const seen = { messages: [] as { event: string; data: unknown }[], closed: false };
  api.services.realtime.bind({
    socket: { send: (text) => seen.messages.push(JSON.parse(text)), close: () => (seen.closed = true) },
    sessionId: sessionIdOf(token),
    userId,
    siteId: null,
    roleTypes: [],
    isAdmin: false,
  });
  return seen;
}

/** A fake socket of a user without a session, bound to the realtime hub; returns what it receives. */
export function listen(api: TestApp, userId = 'listener') {
  const received: { event: string; data: Record<string, unknown> }[] = [];
  api.services.realtime.bind({
    socket: { send: (text) => received.push(JSON.parse(text)), close: () => undefined },
    sessionId: `session-${userId}`,
    userId,
    siteId: null,
    roleTypes: [],
    isAdmin: false,
  });
  return received;
}

// ---------------------------------------------------------------------------
// Fault trees (the FTA area's route tests)

export const FTA_BUTTONS = ['add', 'edit', 'del', 'import', 'export'];

/**
 * The people the FTA route tests share: a DFMEA team whose owner, editor and reader also hold the FTA route
 * (the editor with every button, the reader with none), someone with the FTA buttons outside the project,
 * someone with the DFMEA route only, and the team's window-lifter DFMEA with its failure chain.
 */
export async function ftaSetup(api: TestApp) {
  const both = (label: string, fta: string[], dfmea = ['add', 'edit', 'del']) =>
    signedInWith(api, label, [
      { routeName: 'dfmea_index', buttons: dfmea },
      { routeName: 'fta_index', buttons: fta },
    ]);
  const team: Team = { owner: await both('owner', FTA_BUTTONS), editor: await both('safety', FTA_BUTTONS), reader: await both('ftareader', []), outsider: await both('outsider', FTA_BUTTONS) };
  const dfmeaOnly = await engineer(api, 'dfmeaonly');
  const nobody = await signedInWith(api, 'nobody', []);
  const project = await createTeamProject(api, team);
  const chain = await buildChain(api, team.owner, project);
  return { team, dfmeaOnly, nobody, project, chain };
}

/** The FTA route tests' app (at 2026-03-01 08:00 UTC) with ftaSetup's people and DFMEA. */
export async function ftaApp() {
  const api = await openTestApp({ now: () => new Date('2026-03-01T08:00:00Z') });
  return { api, s: await ftaSetup(api) };
}

// ---------------------------------------------------------------------------
// Engineering change orders (the EWO area's route tests)

/**
 * The people and data the EWO route tests share (no routes here): a DFMEA team whose owner also opens EWOs
 * (every button but audit) and reads products and BOMs, the editor tracks them (the route only), the reader
 * approves (audit), a colleague with add/edit/del who neither created nor tracks them, someone with the DFMEA
 * route only; the window-lifter DFMEA with its chain, and a product PA-WL with the door's BOM.
 */
export const EWO_AUTHOR_BUTTONS = ['add', 'edit', 'del', 'import', 'export'];

export async function ewoApp() {
  const api = await openTestApp({ now: () => new Date('2026-03-01T08:00:00Z') });
  const person = (label: string, ewo: string[] | null, extra: { routeName: string; buttons: string[] }[] = []) =>
    signedInWith(api, label, [{ routeName: 'dfmea_index', buttons: ['add', 'edit', 'del'] }, ...(ewo ? [{ routeName: 'ewo_index', buttons: ewo }] : []), ...extra]);
  const masterData = [
    { routeName: 'product_list_index', buttons: [] },
    { routeName: 'bom_index', buttons: [] },
  ];
  const team: Team = {
    owner: await person('ewoauthor', EWO_AUTHOR_BUTTONS, masterData),
    editor: await person('ewotracker', []),
    reader: await person('ewoapprover', ['audit']),
    outsider: await person('ewocolleague', ['add', 'edit', 'del']),
  };
  const dfmeaOnly = await person('dfmeaonly', null);
  const project = await createTeamProject(api, team);
  const chain = await buildChain(api, team.owner, project);
  const product = await createCatalogRecord(api.t.ctx, 'product', { serialNum: 'PA-WL', values: { productName: 'Window lifter' } });
  await importBom(api.t.ctx, 'PA-WL', await bomWorkbook(DOOR_BOM));
  const s = { author: team.owner, tracker: team.editor, approver: team.reader, colleague: team.outsider, dfmeaOnly, team, project, chain, product };
  return { api, s };
}

export type EwoWorld = Awaited<ReturnType<typeof ewoApp>>['s'];

/** An EWO opened by the author, tracked by the tracker. */
export const openEwo = (api: TestApp, s: EwoWorld, description = 'Stronger window-lifter gear') =>
  caller(api, s.author).ok('POST', '/api/ewo/add', { description, ewoType: 'design', source: 'problem', closingDate: '2026-06-30', trackerId: s.tracker.user.id });
// Programs and tasks (the program and task route tests, issue 24)

export const PROGRAM_BUTTONS = ['add', 'edit', 'del', 'import', 'export', 'audit'];

/**
 * The people the program and task route tests share: a planner holding every program and task button (the
 * window-lifter DFMEA's owner), an engineer with the DFMEA route only (its collaborator, the tasks'
 * handler), a viewer of the program pages without buttons (its reader), someone with no route at all, and a
 * program over the DFMEA (its chain built as buildChain does).
 */
export async function programSetup(api: TestApp) {
  const dfmea = { routeName: 'dfmea_index', buttons: ['add', 'edit', 'del'] };
  const planner = await signedInWith(api, 'planner', [
    dfmea,
    { routeName: 'program_index', buttons: PROGRAM_BUTTONS },
    { routeName: 'program_detail', buttons: ['schedule', 'baseline'] },
    { routeName: 'task_index', buttons: ['add', 'edit', 'del', 'import', 'export', 'cancel'] },
  ]);
  const engineer = await signedInWith(api, 'handler', [dfmea]);
  const viewer = await signedInWith(api, 'viewer', [dfmea, { routeName: 'program_index', buttons: [] }, { routeName: 'program_detail', buttons: [] }]);
  const nobody = await signedInWith(api, 'nobody', []);
  const team: Team = { owner: planner, editor: engineer, reader: viewer, outsider: nobody };
  const project = await createTeamProject(api, team);
  const chain = await buildChain(api, planner, project);
  const program = await caller(api, planner).ok('POST', '/api/program/create', { programName: 'Window lifter 2027', sopDate: '2026-12-01' });
  const linked = await caller(api, planner).ok('POST', '/api/program/linkFmea', { id: program.id, version: program.version, projectId: project.id, linked: true });
  return { planner, engineer, viewer, nobody, project, chain, program: linked };
}

/** The program and task route tests' app (at 2026-03-02 08:00 UTC) with programSetup's people, DFMEA and program. */
export async function programApp() {
  const api = await openTestApp({ now: () => new Date('2026-03-02T08:00:00Z') });
  return { api, s: await programSetup(api) };
}

// ---------------------------------------------------------------------------
// SPC (issue 25)

/**
 * The people and the study the SPC route tests share: the gearbox housing PFMEA of the control plan's tests
 * with its production control plan (the bore diameter specified "Ø20 ± 0.05"); the owner holds the SPC route
 * with every button and opens problems, the editor every SPC button, the reader (a read-only member) the
 * route only, someone outside the team, and someone with the PFMEA route only; one X̄-R study of the bore.
 */
export async function spcApp() {
  const api = await openTestApp({ now: () => new Date('2026-03-01T08:00:00Z') });
  const spcButtons = ['add', 'edit', 'del', 'import', 'export'];
  const person = (label: string, spc: string[] | null, extra: { routeName: string; buttons: string[] }[] = []) =>
    signedInWith(api, label, [{ routeName: 'pfmea_index', buttons: ['add', 'edit', 'del'] }, ...(spc ? [{ routeName: 'spc_index', buttons: spc }] : []), ...extra]);
  const s = {
    owner: await person('spcowner', spcButtons, [{ routeName: 'problem_index', buttons: ['add', 'edit'] }]),
    editor: await person('spceditor', spcButtons),
    reader: await person('spcreader', []),
    outsider: await person('spcoutsider', spcButtons),
    pfmeaOnly: await person('pfmeaonly', null),
  };
  const pfmea = await buildHousingPfmea(api.t.ctx, [
    { userId: s.owner.user.id, roles: [0] },
    { userId: s.editor.user.id, roles: [1] },
    { userId: s.reader.user.id, roles: [4] },
  ]);
  const plan = await generateControlPlan(api.t.ctx, pfmea.project.id, { phase: 'production' });
  const bore = plan.lines.find((l) => l.productCharacteristic === 'Bore diameter')!;
  await saveControlPlanLine(api.t.ctx, bore.id, { version: bore.version, specification: 'Ø20 ± 0.05' });
  const study = await caller(api, s.editor).ok('POST', '/api/spc/add', { projectId: pfmea.project.id, lineId: bore.id, chart: 'xbar-r', subgroupSize: 5 });
  return { api, s: { ...s, pfmea, projectId: pfmea.project.id, lineId: bore.id, study } };
}

export type SpcWorld = Awaited<ReturnType<typeof spcApp>>['s'];

/** Subgroups of five X̄-R values around `mean` (a seeded generator: the same every run). */
export function spcSubgroups(from: number, count: number, mean: number, sd: number, seed: number) {
  const random = seededRandom(seed);
  const normal = () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
  return Array.from({ length: count * 5 }, (_, i) => ({ subgroup: `S${from + Math.floor(i / 5)}`, value: Number((mean + sd * normal()).toFixed(4)) }));
}
