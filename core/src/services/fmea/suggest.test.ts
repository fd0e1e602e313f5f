import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { adminContext, buildWindowLifter, createTeamProject, idOf, makeTeam, makeUser, openTestDatabase, type Team, type TestDatabase } from '../../testing/index.ts';
import { addAction } from './actions.ts';
import { addCharacteristic } from './characteristics.ts';
import { addControl } from './controls.ts';
import { addFailure } from './failures.ts';
import { addFunction } from './functions.ts';
import { createProject, deleteProject } from './projects.ts';
import { suggestTexts, type SuggestKind } from './suggest.ts';

let t: TestDatabase;
let team: Team;
beforeEach(async () => {
  t = await openTestDatabase();
  team = await makeTeam(t);
});
afterEach(() => t.dispose());

const texts = (rows: readonly { text: string }[]) => rows.map((r) => r.text);

/** A project of the team with one node and the given function descriptions on it. */
async function projectWithFunctions(descriptions: readonly string[], name = 'Window lifter') {
  const project = await createTeamProject(team, { name });
  for (const description of descriptions) await addFunction(team.editor, { nodeId: project.rootNodeId!, description });
  return project;
}

describe('suggestTexts', () => {
  it('suggests each kind from its own column: functions, requirements, FE/FM/FC, controls and actions, characteristics', async () => {
    const project = await createTeamProject(team);
    const w = await buildWindowLifter(team.editor, project);
    await addCharacteristic(team.editor, { functionId: w.mesh.id, name: 'Tooth module', characteristicClass: 'critical', special: true });
    await addAction(team.editor, { causeId: w.worn.id, kind: 'detection', description: 'Endurance test ET-9' });
    const all = async (kind: SuggestKind) => texts(await suggestTexts(team.reader, { kind, q: '' })).sort();

    expect(await all('function')).toEqual(['Close window', 'Hold bearings', 'Mesh with worm', 'Transmit torque']);
    expect(await all('requirement')).toEqual(['12 Nm', 'within 4 s']);
    expect(await all('FE')).toEqual(['Window does not close']);
    expect(await all('FM')).toEqual(['No torque transmitted']);
    expect(await all('FC')).toEqual(['Bearing seat loose', 'Teeth broken', 'Teeth worn']);
    expect(await all('prevention')).toEqual(['Design guideline DG-12']);
    expect(await all('detection')).toEqual(['Endurance test ET-3', 'Endurance test ET-9']);
    expect(await all('characteristic')).toEqual(['Tooth module']);
  });

  it('lists a text once, whatever its case, with its uses summed and the most used spelling shown', async () => {
    await projectWithFunctions(['Seal the door', 'seal the door', 'SEAL THE DOOR'], 'Door');
    await projectWithFunctions(['seal the door', 'Guide the glass'], 'Window');

    expect(await suggestTexts(team.reader, { kind: 'function', q: 'seal' })).toEqual([{ text: 'seal the door', uses: 4 }]);
  });

  it('puts prefix matches first, then the most used, then alphabetical', async () => {
    await projectWithFunctions(['Hold the seal', 'Hold the seal', 'Hold the seal', 'Seal the door', 'Seal against water', 'Seal against water', 'Seal against dust']);

    expect(await suggestTexts(team.reader, { kind: 'function', q: 'seal' })).toEqual([
      { text: 'Seal against water', uses: 2 },
      { text: 'Seal against dust', uses: 1 },
      { text: 'Seal the door', uses: 1 },
      { text: 'Hold the seal', uses: 3 },
    ]);
  });

  it('lists the most used texts for an empty or blank query', async () => {
    await projectWithFunctions(['Guide the glass', 'Seal the door', 'Seal the door', 'Close window', 'Close window', 'Close window']);

    for (const q of [undefined, '', '   ']) {
      expect(texts(await suggestTexts(team.reader, { kind: 'function', q }))).toEqual(['Close window', 'Seal the door', 'Guide the glass']);
    }
  });

  it('takes % and _ in the query literally', async () => {
    await projectWithFunctions(['Duty cycle 50% at 20 C', 'Duty cycle 500 at 20 C', 'Keep gap_max', 'Keep gap max', 'Keep gapXmax']);

    expect(texts(await suggestTexts(team.reader, { kind: 'function', q: '50%' }))).toEqual(['Duty cycle 50% at 20 C']);
    expect(texts(await suggestTexts(team.reader, { kind: 'function', q: 'gap_' }))).toEqual(['Keep gap_max']);
    expect(texts(await suggestTexts(team.reader, { kind: 'function', q: '%' }))).toEqual(['Duty cycle 50% at 20 C']);
  });

  it('never shows a text from a project the caller is not a member of', async () => {
    await projectWithFunctions(['Secret function']);
    const stranger = await makeUser(t, 'stranger');
    await createProject(stranger, { projectType: 'dfmea', name: 'Their project', members: [{ userId: idOf(stranger), roles: [0] }] }).then((p) =>
      addFunction(stranger, { nodeId: p.rootNodeId!, description: 'Stranger function' }),
    );

    expect(texts(await suggestTexts(team.outsider, { kind: 'function', q: '' }))).toEqual([]);
    expect(texts(await suggestTexts(team.reader, { kind: 'function', q: 'function' }))).toEqual(['Secret function']);
    expect(texts(await suggestTexts(stranger, { kind: 'function', q: 'function' }))).toEqual(['Stranger function']);
    // an administrator may open every live project, so reads from both
    expect(texts(await suggestTexts(await adminContext(t), { kind: 'function', q: 'function' })).sort()).toEqual(['Secret function', 'Stranger function']);
  });

  it('leaves out deleted projects', async () => {
    const gone = await projectWithFunctions(['Old function'], 'Old');
    await projectWithFunctions(['Live function'], 'Live');
    await deleteProject(team.owner, gone.id, { version: gone.version });

    expect(texts(await suggestTexts(team.reader, { kind: 'function', q: 'function' }))).toEqual(['Live function']);
    expect(await suggestTexts(team.reader, { kind: 'function', q: '', projectId: gone.id })).toEqual([]);
  });

  it('narrows to one project and to project types when asked', async () => {
    const door = await projectWithFunctions(['Seal the door'], 'Door');
    await projectWithFunctions(['Seal the window'], 'Window');

    expect(texts(await suggestTexts(team.reader, { kind: 'function', q: 'seal', projectId: door.id }))).toEqual(['Seal the door']);
    expect(texts(await suggestTexts(team.reader, { kind: 'function', q: 'seal', projectTypes: ['pfmea'] }))).toEqual([]);
    expect(texts(await suggestTexts(team.reader, { kind: 'function', q: 'seal', projectTypes: [] }))).toEqual([]);
  });

  it('answers 10 by default and never more than 50', async () => {
    await projectWithFunctions(Array.from({ length: 60 }, (_, i) => `Function ${String(i).padStart(2, '0')}`));

    expect(await suggestTexts(team.reader, { kind: 'function', q: 'function' })).toHaveLength(10);
    expect(await suggestTexts(team.reader, { kind: 'function', q: 'function', pageSize: 3 })).toHaveLength(3);
    expect(await suggestTexts(team.reader, { kind: 'function', q: 'function', pageSize: 500 })).toHaveLength(50);
    expect(await suggestTexts(team.reader, { kind: 'function', q: 'function', pageSize: 0 })).toHaveLength(1);
  });

  it('refuses an unknown kind', async () => {
    await expect(suggestTexts(team.reader, { kind: 'bogus' as SuggestKind, q: '' })).rejects.toMatchObject({ code: 'invalid_input', issues: [{ field: 'kind' }] });
  });

  it('ignores controls of the other kind and failures of the other kinds', async () => {
    const project = await createTeamProject(team);
    const fn = await addFunction(team.editor, { nodeId: project.rootNodeId!, description: 'Close window' });
    const cause = await addFailure(team.editor, { functionId: fn.id, kind: 'FC', description: 'Motor weak' });
    await addFailure(team.editor, { functionId: fn.id, kind: 'FM', description: 'Motor stalls' });
    await addControl(team.editor, { causeId: cause.id, kind: 'prevention', description: 'Motor sizing rule' });
    await addControl(team.editor, { causeId: cause.id, kind: 'detection', description: 'Motor stall test' });

    expect(texts(await suggestTexts(team.reader, { kind: 'FC', q: 'motor' }))).toEqual(['Motor weak']);
    expect(texts(await suggestTexts(team.reader, { kind: 'prevention', q: 'motor' }))).toEqual(['Motor sizing rule']);
  });
});
