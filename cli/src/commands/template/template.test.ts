import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbEnv, openTempDb, runFmea, tempDbUrl, type TempDb } from '../../test-utils.ts';

let temp: TempDb;
let env: Record<string, string>;
let owner: string;
let targetNum: string;
let basicNum: string;
let subNum: string;
const fmea = (args: string[]) => runFmea(['--lang', 'en-US', ...args], { env });

beforeAll(async () => {
  temp = await tempDbUrl();
  env = dbEnv(temp);
  const { createContext, createProject, saveTemplate } = await import('@fmea/core/services');
  const { buildWindowLifter, insertUser } = await import('@fmea/core/testing');
  const database = await openTempDb(temp);
  try {
    const row = await insertUser(database.db, { label: 'owner' });
    owner = row.userName;
    const ctx = createContext(database.db, { userId: row.id, userName: row.userName });
    const members = [{ userId: row.id, roles: [0] }];
    const source = await createProject(ctx, { projectType: 'dfmea', name: 'Window lifter', members });
    const w = await buildWindowLifter(ctx, source);
    basicNum = (await saveTemplate(ctx, w.rootId, { name: 'Lifter basics' })).serialNum;
    subNum = (await saveTemplate(ctx, w.gearbox.id)).serialNum;
    const target = await createProject(ctx, { projectType: 'dfmea', name: 'Tailgate', members });
    targetNum = target.serialNum;
  } finally {
    database.close();
  }
}, 60_000);
afterAll(() => temp.cleanup());

describe('fmea template', { timeout: 120_000 }, () => {
  it('lists the templates, by side', async () => {
    const all = await fmea(['template', 'list']);
    expect(all.code, all.stderr).toBe(0);
    expect(all.stdout).toContain(basicNum);
    expect(all.stdout).toContain('Lifter basics');
    expect(all.stdout).toContain('basic FMEA');
    expect(all.stdout).toContain('2 templates');
    const json = await fmea(['--json', 'template', 'list', '--type', 'pfmea']);
    expect(json.code, json.stderr).toBe(0);
    expect(JSON.parse(json.stdout).data.items).toEqual([]);
    const bad = await fmea(['template', 'list', '--type', 'qfd']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('Unknown template type qfd');
  });

  it('inserts a template under a node named by its path, and makes a new project from one', async () => {
    const inserted = await fmea(['template', 'apply', subNum, '--project', targetNum, '--as', owner]);
    expect(inserted.code, inserted.stderr).toBe(0);
    expect(inserted.stdout).toContain(`inserted under Tailgate in ${targetNum}: 3 nodes, 4 failures`);
    const deeper = await fmea(['template', 'apply', subNum, '--project', targetNum, '--node', 'Tailgate/Gearbox/Gear', '--as', owner]);
    expect(deeper.code, deeper.stderr).toBe(0);
    expect(deeper.stdout).toContain('inserted under Gear');
    const basicOnGear = await fmea(['template', 'apply', basicNum, '--project', targetNum, '--node', 'Gearbox', '--as', owner]);
    expect(basicOnGear.code).not.toBe(0);
    expect(basicOnGear.stderr).toContain('Only product nodes can generate or use a basic FMEA');
    const missing = await fmea(['template', 'apply', subNum, '--project', targetNum, '--node', 'Nowhere', '--as', owner]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('No node Nowhere in the project');
    const neither = await fmea(['template', 'apply', subNum, '--as', owner]);
    expect(neither.code).toBe(2);

    const made = await fmea(['template', 'apply', basicNum, '--new', '--name', 'Sliding door', '--as', owner]);
    expect(made.code, made.stderr).toBe(0);
    expect(made.stdout).toMatch(/Project DF\S+ \(Sliding door\) made from template/);
  });

  it('publishes a template to every site and withdraws it; another user sees it only while published', async () => {
    const { insertUser } = await import('@fmea/core/testing');
    const database = await openTempDb(temp);
    let other: string;
    try {
      other = (await insertUser(database.db, { label: 'other' })).userName;
    } finally {
      database.close();
    }
    const hidden = await fmea(['template', 'apply', subNum, '--new', '--as', other]);
    expect(hidden.code).toBe(3);
    expect(hidden.stderr).toContain(`FMEA template ${subNum} not found`);
    const byOther = await fmea(['template', 'publish', subNum, '--scope', 'all', '--as', other]);
    expect(byOther.code).toBe(3);
    const published = await fmea(['template', 'publish', subNum, '--scope', 'all', '--as', owner]);
    expect(published.code, published.stderr).toBe(0);
    expect(published.stdout).toContain(`Template ${subNum} is now visible to: every site`);
    const listed = await fmea(['template', 'list']);
    expect(listed.stdout).toContain('every site');
    const made = await fmea(['template', 'apply', subNum, '--new', '--as', other]);
    expect(made.code, made.stderr).toBe(0);
    const withdrawn = await fmea(['template', 'publish', subNum, '--scope', 'private']);
    expect(withdrawn.code, withdrawn.stderr).toBe(0);
    expect((await fmea(['template', 'apply', subNum, '--new', '--as', other])).code).toBe(3);
    const bad = await fmea(['template', 'publish', subNum, '--scope', 'world']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('Unknown visibility world');
  });
});
