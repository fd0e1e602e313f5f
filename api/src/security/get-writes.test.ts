import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embeddedClient } from '@fmea/core/db';
import { buildChain, caller, createTeamProject, engineer, makeTeam, openTestApp, type Person, type Team } from '../testing.ts';
import { operationsOf, request, urlWith, type Operation } from './support.ts';

/**
 * No GET writes on the session cookie alone (issue #20): any page can make a
 * browser send the cookie with a link or an image, never a header. Every GET
 * of the OpenAPI document is called with only the cookie, with real ids where
 * the world below has them (a DFMEA with a chain, a read application
 * waiting for its owner, a PFMEA), as an administrator and as the project's owner;
 * triggers on every table record any row inserted, changed or deleted.
 */
const FIXED = new Date('2026-03-02T08:00:00Z');
// a fixed clock: a session used again at the same instant has nothing to slide, so its row stays as it is
const api = await openTestApp({ now: () => FIXED });
const { operations } = await operationsOf(api);
const gets = operations.filter((op) => op.method === 'GET');
afterAll(() => api.dispose());

let team: Team;
let guest: Person;
let admin: string;
let known: (op: Operation) => Record<string, string | undefined>;

async function tables(): Promise<string[]> {
  const rows = await embeddedClient(api.t).execute("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '\\_%' ESCAPE '\\'");
  return rows.rows.map((r) => String(r.name));
}

/** A trigger per table and change kind, writing into `_writes`: the test's own record of what a request changed. */
async function watchWrites(): Promise<void> {
  await embeddedClient(api.t).execute('CREATE TABLE _writes (tbl TEXT NOT NULL, op TEXT NOT NULL)');
  for (const table of await tables()) {
    for (const op of ['INSERT', 'UPDATE', 'DELETE']) {
      await embeddedClient(api.t).execute(`CREATE TRIGGER "_w_${table}_${op}" AFTER ${op} ON "${table}" BEGIN INSERT INTO _writes VALUES ('${table}', '${op}'); END`);
    }
  }
}

async function writesOf(run: () => Promise<unknown>): Promise<string[]> {
  await embeddedClient(api.t).execute('DELETE FROM _writes');
  await run();
  const rows = await embeddedClient(api.t).execute('SELECT DISTINCT tbl, op FROM _writes');
  return rows.rows.map((r) => `${r.op} ${r.tbl}`);
}

beforeAll(async () => {
  team = await makeTeam(api);
  guest = await engineer(api, 'guest');
  admin = await api.adminToken();
  const project = await createTeamProject(api, team);
  const chain = await buildChain(api, team.owner, project);
  const application = await caller(api, guest).ok('POST', '/api/message/applyReadProject', { projectId: project.id, remark: 'For the DVP' });
  const pfmeaSaved = await api.call('POST', '/api/project/save', { token: admin, body: { projectType: 'pfmea', name: 'Press line', projectMembers: [{ userId: team.owner.user.id, roles: [0] }] } });
  expect(pfmeaSaved.status).toBe(200);
  const pfmea = pfmeaSaved.body.data;
  const process = (op: Operation) => /^\/api\/(pfmeaProject|pfmeaProductFeature|processFlow|controlPlan)\//.test(op.path);
  known = (op) => ({
    projectId: process(op) ? pfmea.id : project.id,
    // the message calls name an application by serialNum, the project calls a project
    serialNum: op.path.startsWith('/api/message/') ? application.serialNum : process(op) ? pfmea.serialNum : project.serialNum,
    pfmeaProjectSerial: pfmea.serialNum,
    projectSerial: project.serialNum,
    nodeId: chain.gearbox.id,
    id: op.path.startsWith('/api/fmea/') ? chain.gearbox.id : undefined,
    remark: 'decided by a link',
  });
  await watchWrites();
}, 120_000);

describe('a GET with the session cookie alone', () => {
  it('the walk sees a write when there is one (the triggers work)', async () => {
    const writes = await writesOf(() => caller(api, team.owner).ok('POST', '/api/message/readAllBusinessMessage'));
    expect(writes).toContain('UPDATE message');
  });

  it.each([
    ['the administrator', () => admin],
    ['the project’s owner, whom a read application waits for', () => team.owner.token],
  ] as const)('changes nothing in the database as %s, on any GET of the document', async (_who, tokenOf) => {
    const cookie = `fmea_session=${tokenOf()}`;
    const changed: string[] = [];
    for (const op of gets) {
      const url = urlWith(op, known(op));
      const writes = await writesOf(() => request(api, 'GET', url, { headers: { cookie } }));
      if (writes.length) changed.push(`${op.label}: ${writes.join(', ')}`);
    }
    expect(changed).toEqual([]);
  });

  it('refuses the read application’s decision, which a link or an image could otherwise make for the approver', async () => {
    const cookie = `fmea_session=${team.owner.token}`;
    for (const path of ['/api/message/agreeApplication', '/api/message/disagreeApplication']) {
      const url = `${path}?serialNum=${known(gets.find((op) => op.path === path)!).serialNum}`;
      for (const [lang, message] of [
        ['en-US', /token header/],
        ['zh-CN', /token 请求头/],
      ] as const) {
        const res = await request(api, 'GET', url, { headers: { cookie }, lang });
        expect(res.status, url).toBe(403);
        expect(res.json.data.messageKey).toBe('request.token_header_required');
        expect(res.json.meta.message).toMatch(message);
      }
    }
    // the header the workbench sends still decides
    const agreed = await api.call('GET', `/api/message/agreeApplication?serialNum=${known(gets.find((op) => op.path === '/api/message/agreeApplication')!).serialNum}`, { token: team.owner.token, headers: { cookie } });
    expect(agreed.status).toBe(200);
    expect(agreed.body.data.status).toBe('agreed');
  });
});
