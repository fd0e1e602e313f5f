import { and, eq } from 'drizzle-orm';
import { fmeaCharacteristic, fmeaControl } from '../db/schema/index.ts';
import type { TeamMember } from '../domain/fmea/index.ts';
import { importAnalysis } from '../services/fmea/import.ts';
import { createProject, type ProjectView } from '../services/fmea/projects.ts';
import type { ServiceContext } from '../services/shared/context.ts';
import { uniqueName } from './builders.ts';

/**
 * A small PFMEA of a gearbox housing for the control plan's tests:
 * OP10 "Machine housing" (the bore diameter, critical, and the surface
 * finish, general, on the step; the spindle speed, significant, on the CNC
 * lathe; causes on the lathe (D 7) and on the operator (D 4), both linked to
 * the step's mode) and OP20 "Press bearing" (the press depth, general, on the
 * step; the press force on the press with its own cause, D 3).
 */
export async function buildHousingPfmea(ctx: ServiceContext, members: TeamMember[], name = uniqueName('Gearbox housing')) {
  const project = await createProject(ctx, { projectType: 'pfmea', name, productName: 'Gearbox housing GH-100', members });
  const { ids } = await importAnalysis(ctx, project.id, {
    nodes: [
      { key: 'op10', name: 'Machine housing', processNo: '10' },
      { key: 'lathe', parentKey: 'op10', name: 'CNC lathe', workElementType: 'machine' },
      { key: 'operator', parentKey: 'op10', name: 'Operator', workElementType: 'man' },
      { key: 'op20', name: 'Press bearing', processNo: '20' },
      { key: 'press', parentKey: 'op20', name: 'Press', workElementType: 'machine' },
    ],
    functions: [
      { key: 'item', nodeKey: '@root', description: 'Deliver housings that hold the gears', functionScope: 'plant' },
      { key: 'bore', nodeKey: 'op10', description: 'Machine the bearing bore' },
      { key: 'turn', nodeKey: 'lathe', description: 'Turn at the set spindle speed' },
      { key: 'load', nodeKey: 'operator', description: 'Load the part square' },
      { key: 'seat', nodeKey: 'op20', description: 'Press the bearing home' },
      { key: 'force', nodeKey: 'press', description: 'Apply the press force' },
    ],
    characteristics: [
      { functionKey: 'bore', name: 'Bore diameter', characteristicClass: 'critical', special: true },
      { functionKey: 'bore', name: 'Surface finish', characteristicClass: 'general' },
      { functionKey: 'turn', name: 'Spindle speed', characteristicClass: 'significant', special: true },
      { functionKey: 'seat', name: 'Press depth', characteristicClass: 'general' },
      { functionKey: 'force', name: 'Press force', characteristicClass: 'general' },
    ],
    failures: [
      { key: 'leak', functionKey: 'item', kind: 'FE', description: 'Gearbox leaks oil', severity: 8 },
      { key: 'oversized', functionKey: 'bore', kind: 'FM', description: 'Bore oversized' },
      { key: 'worn', functionKey: 'turn', kind: 'FC', description: 'Tool worn', occurrence: 4, detection: 7 },
      { key: 'skewed', functionKey: 'load', kind: 'FC', description: 'Part loaded skewed', occurrence: 3, detection: 4 },
      { key: 'unseated', functionKey: 'seat', kind: 'FM', description: 'Bearing not seated' },
      { key: 'weak', functionKey: 'force', kind: 'FC', description: 'Press force too low', occurrence: 2, detection: 3 },
    ],
    failureLinks: [
      { higherKey: 'leak', lowerKey: 'oversized' },
      { higherKey: 'oversized', lowerKey: 'worn' },
      { higherKey: 'oversized', lowerKey: 'skewed' },
      { higherKey: 'leak', lowerKey: 'unseated' },
      { higherKey: 'unseated', lowerKey: 'weak' },
    ],
    controls: [
      { causeKey: 'worn', kind: 'prevention', description: 'Tool life counter' },
      { causeKey: 'worn', kind: 'detection', description: 'Bore gauge 100%' },
      { causeKey: 'skewed', kind: 'prevention', description: 'Poka-yoke fixture' },
      { causeKey: 'weak', kind: 'prevention', description: 'Force monitoring' },
      { causeKey: 'weak', kind: 'detection', description: 'End-of-line check' },
    ],
  });
  const characteristic = async (name: string) =>
    (await ctx.db.select().from(fmeaCharacteristic).where(and(eq(fmeaCharacteristic.projectId, project.id), eq(fmeaCharacteristic.name, name))).get())!;
  const control = async (description: string) =>
    (await ctx.db.select().from(fmeaControl).where(and(eq(fmeaControl.projectId, project.id), eq(fmeaControl.description, description))).get())!;
  return { project: project as ProjectView, ids, characteristic, control };
}
