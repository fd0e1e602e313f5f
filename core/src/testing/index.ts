import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { openDatabase, type Database } from '../db/client.ts';
import { businessRule } from '../db/schema/index.ts';
import { createContext, type Operator, type ServiceContext } from '../services/shared/context.ts';
import { prepareDatabase } from '../services/system/seed.ts';
import { TEST_PASSWORD } from './password.ts';

export { TEST_PASSWORD };

export interface TestDatabase extends Database {
  ctx: ServiceContext;
  as(actor: Operator): ServiceContext;
  dispose(): void;
}

/**
 * A real, migrated and seeded libsql database: `:memory:` by default, or a
 * temp file when a test needs several connections.
 */
export async function openTestDatabase(options: { file?: boolean; now?: () => Date; separationOfDuties?: boolean } = {}): Promise<TestDatabase> {
  const dir = options.file ? mkdtempSync(join(tmpdir(), 'fmea-test-')) : undefined;
  const database = await openDatabase(dir ? `file:${join(dir, 'test.db')}` : ':memory:');
  const ctx = createContext(database.db, undefined, options.now);
  await prepareDatabase(database.db, ctx, { adminPassword: TEST_PASSWORD });
  // A new installation separates duties (the rule's default). Tests of other flows let one person act
  // on both sides unless they ask for it; the rule's own tests (and the browser tests) run with it on.
  if (options.separationOfDuties !== true) await database.db.update(businessRule).set({ flag: '0' }).where(eq(businessRule.ruleType, 'separationOfDuties'));
  return {
    ...database,
    ctx,
    as: (actor) => createContext(database.db, actor, options.now),
    dispose() {
      database.close();
      if (dir) rmSync(dir, { recursive: true, force: true });
    },
  };
}
export * from './builders.ts';
export * from './sample-files.ts';
export * from './zip-files.ts';
export * from './thread-pool.ts';
export * from './legacy-sheets.ts';
export * from './workbook-columns.ts';
export * from './project-snapshot.ts';
export * from './bom.ts';
export * from './control-plan.ts';
export * from './baseline.ts';
export * from './review-walk.ts';
