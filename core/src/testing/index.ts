import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, type Database } from '../db/client.ts';
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
export async function openTestDatabase(options: { file?: boolean; now?: () => Date } = {}): Promise<TestDatabase> {
  const dir = options.file ? mkdtempSync(join(tmpdir(), 'fmea-test-')) : undefined;
  const database = await openDatabase(dir ? `file:${join(dir, 'test.db')}` : ':memory:');
  const ctx = createContext(database.db, undefined, options.now);
  await prepareDatabase(database.db, ctx, { adminPassword: TEST_PASSWORD });
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
