import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, getTableName } from 'drizzle-orm';
import { DECLARED_TABLES } from '../db/declared-tables.ts';

import { businessRule } from '../db/schema/index.ts';
import { createContext, type Operator, type ServiceContext } from '../services/shared/context.ts';
import { TEST_PASSWORD } from './password.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { DIALECT } from '../db/dialect.ts';
import { dropDatabase, openEmptyPostgres, releasePostgresCopy } from './postgres-template.ts';
import { once, openTemplateCopy, openTemplateFile, releaseTemplateCopy, saveTemplate, seededTemplate, stampSeed, type DatabaseTemplate, type EmbeddedTemplate } from './template.ts';

export { TEST_PASSWORD };
export { postgresAvailable, postgresBin, startTestCluster, type TestCluster } from './postgres.ts';

export type TestDatabase = Database & {
  ctx: ServiceContext;
  as(actor: Operator): ServiceContext;
  dispose(): void;
};

/** A starting point larger than a new installation (testTemplate), made once per test process. */
export interface TestTemplate {
  readonly template: () => Promise<DatabaseTemplate>;
}

export interface TestDatabaseOptions {
  /** A temp file instead of `:memory:`, for tests that need several connections. */
  file?: boolean;
  now?: () => Date;
  /** The business rule's state: on as in a new installation, or off (the default of tests). */
  separationOfDuties?: boolean;
  /** Start from this template instead of the seeded one. */
  from?: TestTemplate;
}

/**
 * A real, migrated and seeded libsql database of the test's own: `:memory:` by
 * default, or a temp file when a test needs several connections. It is a copy
 * of one migrated and seeded template per test process (template.ts), or of
 * `from`, with the seed's dates on the test's clock.
 */
export async function openTestDatabase(options: TestDatabaseOptions = {}): Promise<TestDatabase> {
  const template = await (options.from?.template ?? seededTemplate)();
  const dir = options.file ? mkdtempSync(join(tmpdir(), 'fmea-test-')) : undefined;
  const database = dir ? await openTemplateFile(template, join(dir, 'test.db')) : await openTemplateCopy(template);
  const ctx = createContext(database.db, undefined, options.now);
  await stampSeed(ctx);
  // A new installation separates duties (the rule's default). Tests of other flows let one person act
  // on both sides unless they ask for it; the rule's own tests (and the browser tests) run with it on.
  const separation = (flag: '0' | '1') => database.db.update(businessRule).set({ flag }).where(eq(businessRule.ruleType, 'separationOfDuties'));
  if (options.separationOfDuties !== true) await separation('0');
  else if (options.from) await separation('1');
  return {
    ...database,
    ctx,
    as: (actor) => createContext(database.db, actor, options.now),
    dispose() {
      if (database.dialect === 'postgres') releasePostgresCopy(database);
      else if (dir) void database.close();
      else releaseTemplateCopy(database);
      if (dir) rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * What `build` leaves in a test database (say the demo dataset), kept as a
 * template: built once per test process, on first use, and then copied like
 * the seeded one by every `openTestDatabase({ from })`, each copy a test's own.
 */
export function testTemplate(build: (t: TestDatabase) => Promise<unknown>): TestTemplate {
  return {
    template: once(async () => {
      const t = await openTestDatabase();
      try {
        await build(t);
        return await saveTemplate(t);
      } finally {
        t.dispose();
      }
    }),
  };
}
/**
 * As `testTemplate`, but built once per test run rather than once per process, when the run gives a folder
 * its processes share (`dir`; the node project's global setup, tests/node-setup.ts): the first process to
 * need it builds it and leaves it there as a file while the others wait for it, then every process copies
 * that file. The demo dataset took ≈ 9 s of CPU to load in each of the node project's two workers. Without
 * `dir` (another runner) or on PostgreSQL it is `testTemplate`. `name` tells templates apart in the folder.
 */
export function sharedTestTemplate(dir: string | undefined, name: string, build: (t: TestDatabase) => Promise<unknown>): TestTemplate {
  const own = testTemplate(build);
  if (!dir || DIALECT === 'postgres') return own;
  const file = join(dir, `${name}.db`);
  const described = join(dir, `${name}.json`);
  const lock = join(dir, `${name}.building`);
  return {
    template: once(async () => {
      for (;;) {
        if (existsSync(described)) return { ...(JSON.parse(readFileSync(described, 'utf8')) as EmbeddedTemplate), path: file };
        try {
          mkdirSync(lock);
        } catch {
          // another process builds it: wait (or take over once it failed and let go of the lock)
          await sleep(200);
          continue;
        }
        try {
          const template = (await own.template()) as EmbeddedTemplate;
          copyFileSync(template.path, file);
          // written last and whole (rename): a process that sees it finds the file complete
          writeFileSync(`${described}.part`, JSON.stringify({ ...template, path: file }));
          renameSync(`${described}.part`, described);
          return template;
        } finally {
          rmSync(lock, { recursive: true, force: true });
        }
      }
    }),
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
export * from './fta.ts';
export * from './scram.ts';

/** Rows of every declared table, by table name: "writes nothing" checked for the whole database, on either engine. */
export async function tableRowCounts(database: Pick<Database, 'query'>): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const name of DECLARED_TABLES.map(([, table]) => getTableName(table))) counts[name] = Number((await database.query(`SELECT count(*) AS n FROM "${name}"`))[0]!.n);
  return counts;
}


/** A new database with nothing in it, not even the migrations, on the engine of the test run; `close()` removes it. */
export async function openEmptyDatabase(): Promise<Database> {
  if (DIALECT !== 'postgres') return openDatabase(':memory:');
  const database = await openEmptyPostgres();
  return { ...database, close: () => dropDatabase(database) };
}

/** The address of a new, empty database for a test server: a file in `dir`, or a database of the PostgreSQL test cluster. */
export async function freshDatabaseUrl(dir: string, name: string): Promise<string> {
  if (DIALECT !== 'postgres') return `file:${join(dir, name)}`;
  const database = await openEmptyPostgres();
  await database.close();
  return database.url;
}
export * from './loop.ts';
