import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { schema, type RouteGrant } from '@fmea/core';
import { addDictionaryItems, buildRole, buildSite, buildUser, pdf, png } from '@fmea/core/testing';
import { buildChain, caller, openTestApp, upload, type Person, type TestApp } from '../testing.ts';

/**
 * The project permission matrix (issue 20; docs/domain/permissions.md):
 * every kind of person around one project × what only some of them may do
 * with it: change its team or owner-only settings, save it as a template,
 * publish and use that template, read its files, read the knowledge log of a
 * record outside their product types. The oracle is written out per cell; a
 * refused cell must change nothing (the project's row and team, the
 * templates, the files stay as they were).
 */

type Who = 'admin' | 'owner' | 'collaborator' | 'reviewer' | 'sharedReader' | 'colleague' | 'stranger';
const PEOPLE: Who[] = ['admin', 'owner', 'collaborator', 'reviewer', 'sharedReader', 'colleague', 'stranger'];
/** Who may read the project: its team, administrators, and the user it is shared with. */
const READERS: Who[] = ['admin', 'owner', 'collaborator', 'reviewer', 'sharedReader'];
/** Who decides what only the responsible person decides. */
const DECIDERS: Who[] = ['admin', 'owner'];

const GRANTS: RouteGrant[] = [
  { routeName: 'dfmea_index', buttons: ['add', 'edit', 'del'] },
  { routeName: 'invalid_index', buttons: ['add', 'edit'] },
];

let api: TestApp;
const people = {} as Record<Who, Person>;
let project: { id: string; pptSerial: string; version: number; projectMembers: unknown[] };
let chain: Awaited<ReturnType<typeof buildChain>>;
let attachment: string;
let picture: string;
let loose: string;
let template: { id: string; serialNum: string };
let seatRecord: string;

const as = (who: Who) => caller(api, people[who], 'en-US');
const members = () => [
  { userId: people.owner.user.id, userRole: 0 },
  { userId: people.collaborator.user.id, userRole: 1 },
  { userId: people.reviewer.user.id, userRole: 4 },
];

/** Everything a refused change must leave alone. */
async function fingerprint() {
  const row = await api.t.db.select().from(schema.fmeaProject).where(eq(schema.fmeaProject.id, project.id)).get();
  const team = await api.t.db.select({ userId: schema.fmeaMember.userId, roles: schema.fmeaMember.roles }).from(schema.fmeaMember).where(eq(schema.fmeaMember.projectId, project.id));
  const templates = await api.t.db.select({ id: schema.fmeaProject.id, scope: schema.fmeaProject.templateScope }).from(schema.fmeaProject).where(eq(schema.fmeaProject.isTemplate, 1));
  return JSON.stringify({ row, team: team.sort((a, b) => a.userId.localeCompare(b.userId)), templates: templates.sort((a, b) => a.id.localeCompare(b.id)) });
}

async function fileOf(who: Who, path: string, data: Uint8Array, name: string): Promise<string> {
  const res = await api.call('POST', path, { token: people[who].token, raw: upload('file', name, data) });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.fileName;
}

beforeAll(async () => {
  api = await openTestApp();
  await addDictionaryItems(api.t.ctx, 'productType', [
    ['81', '车门', 'Door'],
    ['82', '座椅', 'Seat'],
  ]);
  const home = await buildSite(api.t.ctx);
  const elsewhere = await buildSite(api.t.ctx);
  const role = await buildRole(api.t.ctx, { label: 'matrix', grants: GRANTS, productTypes: ['81'] });
  const adminRole = (await api.t.db.select().from(schema.role).where(eq(schema.role.name, 'admin')).get())!;
  for (const who of PEOPLE) {
    const user = await buildUser(api.t.ctx, { label: who, roles: [who === 'admin' ? adminRole.id : role.id], site: who === 'stranger' ? elsewhere.id : home.id, mustChangePassword: false });
    people[who] = { user, role, token: await api.login(user.userName) };
  }
  project = await as('owner').ok('POST', '/api/project/save', { projectType: 'dfmea', name: 'Matrix lifter', projectMembers: members() });
  chain = await buildChain(api, people.owner, project);
  project = await as('owner').ok('GET', `/api/project/selectProjectById?projectId=${project.id}`);
  await as('owner').ok('POST', '/api/project/saveShare', { projectId: project.id, scope: 'partly', expiresAt: null, userIds: [people.sharedReader.user.id] });
  attachment = await fileOf('collaborator', '/api/fileOperate/uploadSingleFile', pdf('matrix report'), 'report.pdf');
  await as('collaborator').ok('POST', '/api/project/addAttachments', { projectId: project.id, fileNames: [attachment] });
  picture = await fileOf('collaborator', '/api/fileOperate/uploadFmeaImg', png(8, 8), 'gear.png');
  await as('collaborator').ok('POST', '/api/fmea/renameNode', { id: chain.gear.id, version: chain.gear.version, imageName: picture });
  loose = await fileOf('owner', '/api/fileOperate/uploadSingleFile', pdf('not attached'), 'draft.pdf');
  template = await as('owner').ok('POST', '/api/fmeaTemplate/save', { nodeId: chain.gearbox.id, name: 'Matrix gearbox' });
  // a record of a product type the matrix role does not hold, written by the administrator
  seatRecord = (await as('admin').ok('POST', '/api/knowledge/invalidMode/saveOrUpdate', { values: { invalidmode: 'Seat rail squeaks', productType: '82' } })).id;
});
afterAll(() => api.dispose());

describe('project matrix: who may change what only the responsible person decides', () => {
  const changes: { name: string; call: (who: Who) => Promise<{ status: number }> }[] = [
    {
      name: 'make themselves responsible (team change)',
      call: (who) =>
        as(who).post('/api/project/save', {
          id: project.id,
          version: project.version,
          projectMembers: [{ userId: people[who].user.id, userRole: 0 }, ...members().filter((m) => m.userId !== people[who].user.id).map((m) => ({ ...m, userRole: 2 }))],
        }),
    },
    { name: 'add a member', call: (who) => as(who).post('/api/project/save', { id: project.id, version: project.version, projectMembers: [...members(), { userId: people.colleague.user.id, userRole: 1 }] }) },
    { name: 'change the AP table', call: (who) => as(who).post('/api/project/save', { id: project.id, version: project.version, apTable: 'pfmea' }) },
    { name: 'save the whole project as a template', call: (who) => as(who).post('/api/fmeaTemplate/save', { nodeId: project.pptSerial }) },
    { name: 'publish the template', call: (who) => as(who).post('/api/fmeaTemplate/publish', { template: template.id, scope: 'all' }) },
  ];

  for (const who of PEOPLE) {
    for (const change of changes) {
      it(`${who} × ${change.name}: allowed exactly for the responsible person and administrators; a refusal changes nothing`, async () => {
        const before = await fingerprint();
        const res = await change.call(who);
        if (!DECIDERS.includes(who)) {
          expect(res.status, `${who} ${change.name}`).toBeGreaterThanOrEqual(403);
          expect(await fingerprint()).toBe(before);
          return;
        }
        expect(res.status, `${who} ${change.name}`).toBe(200);
        // put the allowed change back, so every cell starts from the same project
        await api.t.db.update(schema.fmeaProject).set({ isTemplate: 0, delFlg: 1 }).where(eq(schema.fmeaProject.sourceNodeId, project.pptSerial));
        await api.t.db.update(schema.fmeaProject).set({ templateScope: 'private' }).where(eq(schema.fmeaProject.id, template.id));
        await api.t.db.delete(schema.fmeaMember).where(eq(schema.fmeaMember.projectId, project.id));
        await api.t.db.insert(schema.fmeaMember).values(members().map((m) => ({ projectId: project.id, userId: m.userId, roles: [m.userRole] })));
        await api.t.db.update(schema.fmeaProject).set({ apTable: 'dfmea', responsibleUserId: people.owner.user.id }).where(eq(schema.fmeaProject.id, project.id));
        project = { ...project, version: (await api.t.db.select().from(schema.fmeaProject).where(eq(schema.fmeaProject.id, project.id)).get())!.version };
      });
    }
  }
});

describe('project matrix: who may use a template and read a file', () => {
  const download = (who: Who, fileName: string) => api.call('GET', `/api/fileOperate/downloadFile?fileName=${fileName}`, { token: people[who].token });

  for (const who of PEOPLE) {
    it(`${who}: uses the private template only as its saver or an administrator, then as everyone once published`, async () => {
      const listed = async () => ((await as(who).ok('GET', '/api/fmeaTemplate/list?side=dfmea')) as { id: string }[]).some((t) => t.id === template.id);
      expect(await listed()).toBe(DECIDERS.includes(who));
      const made = await as(who).post('/api/fmeaTemplate/createProject', { template: template.serialNum, name: `From ${who}` });
      expect(made.status).toBe(DECIDERS.includes(who) ? 200 : 404);
    });

    it(`${who}: reads the project’s attachment and node picture only as a reader of the project; another’s loose upload never`, async () => {
      const reads = READERS.includes(who);
      expect((await download(who, attachment)).status).toBe(reads ? 200 : 403);
      expect((await download(who, picture)).status).toBe(reads ? 200 : 403);
      expect((await download(who, loose)).status).toBe(who === 'owner' || who === 'admin' ? 200 : 404);
    });

    it(`${who}: reads the knowledge log of a record outside their product types only as an administrator`, async () => {
      const log = await as(who).get(`/api/knowledge/invalidMode/log?id=${seatRecord}`);
      expect(log.status).toBe(who === 'admin' ? 200 : 403);
      const all = await as(who).ok('GET', '/api/knowledge/invalidMode/log?limit=500');
      expect((all.items as { recordId: string }[]).some((e) => e.recordId === seatRecord)).toBe(who === 'admin');
    });
  }

  it('opens the published template to the other site too', async () => {
    await as('owner').ok('POST', '/api/fmeaTemplate/publish', { template: template.id, scope: 'all' });
    const made = await as('stranger').post('/api/fmeaTemplate/createProject', { template: template.serialNum, name: 'From the other plant' });
    expect(made.status).toBe(200);
    await as('owner').ok('POST', '/api/fmeaTemplate/publish', { template: template.id, scope: 'site' });
    expect((await as('stranger').post('/api/fmeaTemplate/createProject', { template: template.serialNum })).status).toBe(404);
    expect((await as('colleague').post('/api/fmeaTemplate/createProject', { template: template.serialNum })).status).toBe(200);
  });
});
