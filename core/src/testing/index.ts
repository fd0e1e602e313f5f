import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { businessRule } from '../db/schema/index.ts';
import { createContext, type Operator, type ServiceContext } from '../services/shared/context.ts';
import { TEST_PASSWORD } from './password.ts';
import { openTemplateCopy, openTemplateFile, stampSeed } from './template.ts';

export { TEST_PASSWORD };

export interface TestDatabase extends Database {
  ctx: ServiceContext;
  as(actor: Operator): ServiceContext;
  dispose(): void;
}

/**
 * A real, migrated and seeded libsql database of the test's own: `:memory:` by
 * default, or a temp file when a test needs several connections. It is a copy
 * of one migrated and seeded template per test process (template.ts), with
 * the seed's dates on the test's clock.
 */
export async function openTestDatabase(options: { file?: boolean; now?: () => Date; separationOfDuties?: boolean } = {}): Promise<TestDatabase> {
  const dir = options.file ? mkdtempSync(join(tmpdir(), 'fmea-test-')) : undefined;
  const database = dir ? await openTemplateFile(join(dir, 'test.db')) : await openTemplateCopy();
  const ctx = createContext(database.db, undefined, options.now);
  await stampSeed(ctx);
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
export * from './synthetic.ts';
