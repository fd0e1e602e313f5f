import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as schema from '../schema/index.ts';
import { postgresTables } from './tables.ts';

/**
 * PostgreSQL's migrations, in drizzle's folder layout (a journal, one SQL file per migration and the
 * schema snapshot after it), so drizzle-orm's migrator applies them as it applies SQLite's. drizzle-kit
 * writes the SQL (its `generateDrizzleJson` / `generateMigration` API): its command line finds tables
 * only among a schema file's exports, and these tables are built from the one declaration at run time
 * (tables.ts). `npm run db:generate` makes both dialects' migrations.
 */
export const PG_MIGRATIONS = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'migrations-pg');

interface Journal {
  version: string;
  dialect: 'postgresql';
  entries: { idx: number; version: string; when: number; tag: string; breakpoints: boolean }[];
}

type Snapshot = Record<string, unknown> & { id: string };

function readJournal(folder: string): Journal {
  const path = join(folder, 'meta', '_journal.json');
  return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as Journal) : { version: '7', dialect: 'postgresql', entries: [] };
}

/** The statements that would bring the committed migrations up to the declaration (none when they are current). */
export async function pendingPostgresChange(folder = PG_MIGRATIONS): Promise<{ statements: string[]; snapshot: Snapshot; journal: Journal }> {
  const { generateDrizzleJson, generateMigration } = await import('drizzle-kit/api');
  const journal = readJournal(folder);
  const last = journal.entries.at(-1);
  const previous = (last ? JSON.parse(readFileSync(join(folder, 'meta', `${last.tag.slice(0, 4)}_snapshot.json`), 'utf8')) : generateDrizzleJson({})) as Snapshot;
  const snapshot = generateDrizzleJson(postgresTables(schema), previous.id) as unknown as Snapshot;
  // foreign keys may be checked at commit (SET CONSTRAINTS ALL DEFERRED): `fmea db copy` writes rows that
  // point at rows of the same table it writes later; every other transaction checks them at once as before
  const statements = (await generateMigration(previous as never, snapshot as never)).map((statement) =>
    /FOREIGN KEY/.test(statement) && !/DEFERRABLE/.test(statement) ? statement.replace(/;\s*$/, ' DEFERRABLE INITIALLY IMMEDIATE;') : statement,
  );
  return { statements, snapshot, journal };
}

/** Writes the next migration when the declaration changed; answers its tag, or undefined when there was nothing to write. */
export async function generatePostgresMigration(name: string, folder = PG_MIGRATIONS): Promise<string | undefined> {
  const { statements, snapshot, journal } = await pendingPostgresChange(folder);
  if (statements.length === 0) return undefined;
  const idx = journal.entries.length;
  const tag = `${String(idx).padStart(4, '0')}_${name.replace(/[^a-z0-9_]+/gi, '_').toLowerCase()}`;
  mkdirSync(join(folder, 'meta'), { recursive: true });
  writeFileSync(join(folder, `${tag}.sql`), `${statements.join('\n--> statement-breakpoint\n')}\n`);
  writeFileSync(join(folder, 'meta', `${tag.slice(0, 4)}_snapshot.json`), `${JSON.stringify(snapshot, null, 2)}\n`);
  journal.entries.push({ idx, version: '7', when: Date.now(), tag, breakpoints: true });
  writeFileSync(join(folder, 'meta', '_journal.json'), `${JSON.stringify(journal, null, 2)}\n`);
  return tag;
}

// `node --import tsx core/src/db/postgres/migrations.ts [name]` (npm run db:generate)
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const tag = await generatePostgresMigration(process.argv[2] ?? 'change');
  console.log(tag ? `PostgreSQL migration ${tag} written to ${PG_MIGRATIONS}` : 'PostgreSQL migrations are current: nothing to write');
}
