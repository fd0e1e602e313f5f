import { buildHousingPfmea } from '@fmea/core/testing';
import { signedInWith, type Person, type TestApp } from '../../testing.ts';

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
