import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fmeaFailure, fmeaNode } from '../../db/schema/index.ts';
import { createTeamProject, makeTeam, openTestDatabase, type Team, type TestDatabase } from '../../testing/index.ts';
import { readRiskGrid } from './grid.ts';
import { importAnalysis, type AnalysisImport } from './import.ts';

let t: TestDatabase;
let team: Team;
beforeEach(async () => {
  t = await openTestDatabase();
  team = await makeTeam(t);
});
afterEach(() => t.dispose());

const small: AnalysisImport = {
  // Children before their parents on purpose: the import orders them.
  nodes: [
    { key: 'gear', parentKey: 'gearbox', name: 'Gear' },
    { key: 'gearbox', name: 'Gearbox' },
  ],
  functions: [
    { key: 'close', nodeKey: '@root', description: 'Close window' },
    { key: 'torque', nodeKey: 'gearbox', description: 'Transmit torque' },
    { key: 'mesh', nodeKey: 'gear', description: 'Mesh with worm' },
  ],
  failures: [
    { key: 'fe', functionKey: 'close', kind: 'FE', description: 'Window does not close', severity: 9 },
    { key: 'fm', functionKey: 'torque', kind: 'FM', description: 'No torque', frequencyRatio: 0.5 },
    { key: 'fc', functionKey: 'mesh', kind: 'FC', description: 'Teeth worn', occurrence: 6, detection: 5 },
  ],
  failureLinks: [
    { higherKey: 'fe', lowerKey: 'fm' },
    { higherKey: 'fm', lowerKey: 'fc' },
  ],
  controls: [{ causeKey: 'fc', kind: 'prevention', description: 'DG-12' }],
  actions: [{ causeKey: 'fc', kind: 'prevention', description: 'Harden', status: 'completed', actionTaken: 'Hardened', completionDate: '2026-04-01', raOccurrence: 2 }],
};

describe('importing an analysis', () => {
  it('writes the whole analysis in one go and rates it', async () => {
    const project = await createTeamProject(team);
    const result = await importAnalysis(team.editor, project.id, small);
    expect(result.counts).toMatchObject({ nodes: 2, functions: 3, failures: 3, failureLinks: 2, controls: 1, actions: 1 });
    const [row] = (await readRiskGrid(team.reader, project.id)).items;
    expect(row).toMatchObject({ elementName: 'Gearbox', ap: 'H', rpn: 270, raoccurrence: 2, raAp: 'M', preventionControls: ['DG-12'] });
    expect(row!.cause?.elementName).toBe('Gear');
    expect(result.ids.gear).toEqual(expect.any(String));
  });

  it('refuses the whole import when any row breaks a rule, naming each row, and writes nothing', async () => {
    const project = await createTeamProject(team);
    const bad: AnalysisImport = {
      ...small,
      failures: [...small.failures!, { key: 'fm2', functionKey: 'torque', kind: 'FM', description: 'Too slow', frequencyRatio: 0.6, severity: 4 }],
      failureLinks: [...small.failureLinks!, { higherKey: 'fe', lowerKey: 'fc' }, { higherKey: 'fm', lowerKey: 'ghost' }],
      actions: [{ causeKey: 'fc', kind: 'prevention', description: 'x', status: 'completed' }],
    };
    const error = (await importAnalysis(team.editor, project.id, bad).catch((e: unknown) => e)) as { messageKey: string; issues: { messageKey: string; row?: number; field?: string }[] };
    expect(error.messageKey).toBe('fmea.import_invalid');
    expect(error.issues.map((i) => `${i.field}#${i.row ?? '-'}:${i.messageKey}`)).toEqual([
      'failures.severity#4:fmea.severity_on_effect_only',
      'ratio#-:validation.frequency_ratio_sum',
      'failureLinks#3:fmea.link_kinds',
      'failureLinks#4:fmea.link_unknown_end',
      'actions.actionTaken#1:fmea.completion_needs_field',
      'actions.completionDate#1:fmea.completion_needs_field',
    ]);
    expect(await t.db.select().from(fmeaNode)).toHaveLength(1);
    expect(await t.db.select().from(fmeaFailure)).toEqual([]);
  });

  it('refuses unknown parents and parent cycles', async () => {
    const project = await createTeamProject(team);
    const error = (await importAnalysis(team.editor, project.id, {
      nodes: [
        { key: 'a', parentKey: 'b', name: 'A' },
        { key: 'b', parentKey: 'a', name: 'B' },
        { key: 'c', parentKey: 'nowhere', name: 'C' },
      ],
    }).catch((e: unknown) => e)) as { issues: { messageKey: string }[] };
    expect(error.issues.map((i) => i.messageKey).sort()).toEqual(['fmea.import_parent_cycle', 'fmea.import_parent_cycle', 'fmea.link_unknown_end']);
  });

  it('is for editors only', async () => {
    const project = await createTeamProject(team);
    await expect(importAnalysis(team.reader, project.id, small)).rejects.toMatchObject({ code: 'not_allowed' });
  });
});
