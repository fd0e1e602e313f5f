import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { fmeaControl, operationLog } from '../../db/schema/index.ts';
import { buildWindowLifter, createTeamProject, makeTeam, openTestDatabase, type Team, type TestDatabase } from '../../testing/index.ts';
import { addControl, setControls } from './controls.ts';
import { addFailure } from './failures.ts';

let t: TestDatabase;
let team: Team;
beforeEach(async () => {
  t = await openTestDatabase();
  team = await makeTeam(t);
});
afterEach(() => t.dispose());

/** A cause with two prevention controls and one detection control. */
async function cause() {
  const project = await createTeamProject(team);
  const w = await buildWindowLifter(team.editor, project);
  const a = await addControl(team.editor, { causeId: w.broken.id, kind: 'prevention', description: 'Hardened gear' });
  const b = await addControl(team.editor, { causeId: w.broken.id, kind: 'prevention', description: 'Grease spec' });
  const d = await addControl(team.editor, { causeId: w.broken.id, kind: 'detection', description: 'Endurance test' });
  return { w, a, b, d, seen: [a, b].map(({ id, version }) => ({ id, version })) };
}
const texts = async (causeId: string) => (await t.db.select().from(fmeaControl).where(eq(fmeaControl.causeId, causeId))).map((c) => `${c.kind}:${c.description}`).sort();

describe('setting a cause’s controls as one list (the risk grid’s cell)', () => {
  it('keeps the unchanged control, rewords, adds and removes in one call, leaving the other kind alone', async () => {
    const { w, a, b, seen } = await cause();
    const after = await setControls(team.editor, { causeId: w.broken.id, kind: 'prevention', descriptions: ['Hardened gear', 'Grease spec G-2', 'Tooth profile rule'], seen });
    expect(after.map((c) => c.description)).toEqual(['Hardened gear', 'Grease spec G-2', 'Tooth profile rule']);
    expect(after[0]).toMatchObject({ id: a.id, version: a.version });
    expect(after[1]).toMatchObject({ id: b.id, version: b.version + 1 });
    expect(await texts(w.broken.id)).toEqual(['detection:Endurance test', 'prevention:Grease spec G-2', 'prevention:Hardened gear', 'prevention:Tooth profile rule']);

    const shorter = await setControls(team.editor, { causeId: w.broken.id, kind: 'prevention', descriptions: ['Hardened gear'], seen: after.map(({ id, version }) => ({ id, version })) });
    expect(shorter.map((c) => c.id)).toEqual([a.id]);
    const actions = (await t.db.select().from(operationLog).orderBy(operationLog.at, sql`rowid`)).map((row) => row.action).filter((action) => action.startsWith('fmea.control'));
    expect(actions.filter((x) => x === 'fmea.control.delete')).toHaveLength(2);
  });

  it('refuses the whole list when it changed since it was read, or when a text is empty, and writes nothing', async () => {
    const { w, b, seen } = await cause();
    const before = await texts(w.broken.id);
    await expect(setControls(team.editor, { causeId: w.broken.id, kind: 'prevention', descriptions: ['x'], seen: [seen[0]!, { id: b.id, version: b.version + 5 }] })).rejects.toMatchObject({ code: 'conflict', messageKey: 'fmea.stale_version' });
    await expect(setControls(team.editor, { causeId: w.broken.id, kind: 'prevention', descriptions: ['x'], seen: seen.slice(0, 1) })).rejects.toMatchObject({ code: 'conflict' });
    await expect(setControls(team.editor, { causeId: w.broken.id, kind: 'prevention', descriptions: ['New one', '  '], seen })).rejects.toMatchObject({ code: 'invalid_input' });
    expect(await texts(w.broken.id)).toEqual(before);
  });

  it('asks for the rights each change needs: a reader may not, an outsider may not, and only a cause takes controls', async () => {
    const { w, seen } = await cause();
    await expect(setControls(team.reader, { causeId: w.broken.id, kind: 'prevention', descriptions: ['Hardened gear'], seen })).rejects.toMatchObject({ code: 'not_allowed' });
    await expect(setControls(team.outsider, { causeId: w.broken.id, kind: 'prevention', descriptions: ['Hardened gear'], seen })).rejects.toMatchObject({ code: 'not_allowed' });
    const mode = await addFailure(team.editor, { functionId: w.mesh.id, kind: 'FM', description: 'Gear slips' });
    await expect(setControls(team.editor, { causeId: mode.id, kind: 'prevention', descriptions: ['x'], seen: [] })).rejects.toMatchObject({ code: 'invalid_input', issues: [expect.objectContaining({ messageKey: 'fmea.cause_required' })] });
  });
});
