import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import * as schema from '../../db/schema/index.ts';
import type { ProjectType } from '../../domain/fmea/vocabulary.ts';

const TABLES = {
  project: schema.fmeaProject,
  node: schema.fmeaNode,
  function: schema.fmeaFunction,
  functionLink: schema.fmeaFunctionLink,
  characteristic: schema.fmeaCharacteristic,
  interface: schema.fmeaInterface,
  failure: schema.fmeaFailure,
  failureLink: schema.fmeaFailureLink,
  control: schema.fmeaControl,
  action: schema.fmeaAction,
} as const;

/** The kinds of FMEA items that belong to a project. */
export type FmeaEntity = keyof typeof TABLES;

/**
 * The project an item belongs to (id and type), or null when the item does
 * not exist. Not an access check (the services decide that): callers use it
 * to know whose members to tell after a change, e.g. before a deletion.
 */
export async function projectOfItem(db: DbOrTx, entity: FmeaEntity, id: string): Promise<{ id: string; projectType: ProjectType } | null> {
  const project = schema.fmeaProject;
  const columns = { id: project.id, projectType: project.projectType };
  const row =
    entity === 'project'
      ? await db.select(columns).from(project).where(eq(project.id, id)).get()
      : await db.select(columns).from(TABLES[entity]).innerJoin(project, eq(project.id, TABLES[entity].projectId)).where(eq(TABLES[entity].id, id)).get();
  return row ? { id: row.id, projectType: row.projectType as ProjectType } : null;
}
