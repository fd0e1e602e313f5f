import { createReadStream, createWriteStream, existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, statSync, type Stats } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createClient, type Client } from '@libsql/client';
import { ConflictError, InvalidInputError, NotFoundError } from '../errors.ts';
import { ArchiveError, readArchive, writeArchive, type ArchiveEntry } from './archive.ts';
import { addressWithoutSecrets, databaseLocation, embeddedClient, type Database } from './client.ts';
import { copyDatabase } from './copy.ts';
import { dialectOf } from './dialect.ts';

/**
 * `fmea db backup` and `fmea db restore` of the embedded database (issue 22): one .tar.gz holding a
 * manifest, a consistent copy of the database file and every uploaded file.
 *
 * The copy is SQLite's `VACUUM INTO`, taken on a connection of its own while the server keeps serving:
 * it reads one snapshot (WAL), so the copy is the database as of one moment, whatever is written meanwhile.
 * A restore checks everything before it changes anything (the manifest, the file's integrity, every
 * table's row count against the manifest, every file name), and keeps what it replaces beside it
 * (`<name>.before-restore-<time>`), so a mistaken restore can be undone by hand.
 */
export const BACKUP_FORMAT = 'fmea-workbench-backup/1';

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  createdAt: string;
  engine: 'sqlite';
  /** The engine the backup was taken from (the archive's database is SQLite's form either way). */
  source?: 'sqlite' | 'postgres';
  /** Migrations applied to the copied database. */
  migrations: number;
  /** Rows per table. */
  tables: Record<string, number>;
  files: number;
  bytes: number;
}

const MANIFEST = 'manifest.json';
const DATABASE_ENTRY = 'database/fmea.db';
const FILES_PREFIX = 'files/';
/** A stored file's path inside the files folder: `ab/<id>` (services/files), a few safe segments. */
const SAFE_SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,79}$/;

type Progress = (done: number, total: number) => void;

/** Every regular file under `root`, as `a/b` paths (symbolic links and anything odd are left out). */
function filesUnder(root: string): { path: string; stat: Stats }[] {
  if (!existsSync(root)) return [];
  const found: { path: string; stat: Stats }[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile()) found.push({ path: relative(root, full).split(sep).join('/'), stat: statSync(full) });
    }
  };
  walk(root);
  return found;
}

async function tableCounts(client: Client): Promise<{ tables: Record<string, number>; migrations: number }> {
  const names = await client.execute("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name");
  const tables: Record<string, number> = {};
  for (const row of names.rows) {
    const name = String(row.name);
    const count = await client.execute(`SELECT count(*) AS n FROM "${name.replaceAll('"', '""')}"`);
    tables[name] = Number(count.rows[0]!.n);
  }
  return { tables, migrations: tables.__drizzle_migrations ?? 0 };
}

/** Writes the backup of `database` and `filesDir` to `out` (refused when it exists, unless `force`). */
export async function backupDatabase(database: Database, options: { filesDir: string; out: string; force?: boolean; onProgress?: Progress }): Promise<BackupManifest> {
  const out = resolve(options.out);
  if (existsSync(out) && !options.force) throw new ConflictError('db.backup_exists', { path: out });
  const location = databaseLocation(database.url);
  const scratch = mkdtempSync(join(tmpdir(), 'fmea-backup-'));
  const partial = `${out}.partial`;
  try {
    const copy = join(scratch, 'fmea.db');
    // a connection of its own: the server's writer queue may hold a transaction, and VACUUM runs outside one
    if (database.dialect === 'postgres') {
      // the portable form: PostgreSQL's rows copied into the archive's database file, read in one snapshot
      // (repeatable read) and checked table by table (copy.ts), so the archive restores onto either engine
      await copyDatabase({ from: database.url, to: `file:${copy}` });
    } else {
      const source = location.kind === 'file' ? createClient({ url: database.url }) : embeddedClient(database);
      try {
        await source.execute({ sql: 'VACUUM INTO ?', args: [copy] });
      } finally {
        if (location.kind === 'file') source.close();
      }
    }
    const snapshot = createClient({ url: `file:${copy}` });
    let counts;
    try {
      counts = await tableCounts(snapshot);
    } finally {
      snapshot.close();
    }
    const files = filesUnder(resolve(options.filesDir));
    const databaseBytes = statSync(copy).size;
    const total = databaseBytes + files.reduce((sum, f) => sum + f.stat.size, 0);
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      createdAt: new Date().toISOString(),
      engine: 'sqlite',
      source: database.dialect,
      migrations: counts.migrations,
      tables: counts.tables,
      files: files.length,
      bytes: total,
    };
    const manifestBytes = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
    const entries: ArchiveEntry[] = [
      { name: MANIFEST, size: manifestBytes.length, body: () => manifestBytes },
      { name: DATABASE_ENTRY, size: databaseBytes, body: () => createReadStream(copy) },
      ...files.map((f) => ({ name: `${FILES_PREFIX}${f.path}`, size: f.stat.size, mtime: f.stat.mtime, body: () => createReadStream(join(resolve(options.filesDir), f.path)) })),
    ];
    let done = 0;
    options.onProgress?.(0, total);
    mkdirSync(dirname(out), { recursive: true });
    await writeArchive(createWriteStream(partial), entries, (bytes) => {
      done += bytes;
      options.onProgress?.(Math.min(done, total), total);
    });
    renameSync(partial, out);
    return manifest;
  } finally {
    rmSync(partial, { force: true });
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** Whether a database file holds anything (an empty or missing file does not). */
function holdsData(path: string): boolean {
  return existsSync(path) && statSync(path).size > 0;
}

/**
 * Restores a backup into the database of `url` (the embedded file, or a PostgreSQL database) and
 * `filesDir`. Refused when either already holds data, unless `force`: an embedded file and the files
 * folder replaced are kept beside them; a PostgreSQL database is emptied and written in one transaction
 * (take a backup of it first). The servers must be stopped meanwhile.
 */
export async function restoreDatabase(options: { archive: string; url: string; filesDir: string; force?: boolean; onProgress?: Progress }): Promise<BackupManifest> {
  const location = databaseLocation(options.url);
  const postgres = location.kind === 'server' && dialectOf(options.url) === 'postgres';
  if (location.kind !== 'file' && !postgres) throw new InvalidInputError('db.restore_needs_file', { url: addressWithoutSecrets(options.url) });
  const target = location.kind === 'file' ? location.path : undefined;
  const filesDir = resolve(options.filesDir);
  const filesHeld = existsSync(filesDir) && readdirSync(filesDir).length > 0;
  if (!options.force && ((target && holdsData(target)) || filesHeld)) throw new ConflictError('db.restore_target_not_empty', { path: target && holdsData(target) ? target : filesDir });
  const archive = resolve(options.archive);
  if (!existsSync(archive) || !statSync(archive).isFile()) throw new NotFoundError('db.restore_archive_missing', { path: archive });
  // staged beside what they replace, so the last step is a rename on the same file system
  mkdirSync(dirname(target ?? filesDir), { recursive: true });
  mkdirSync(dirname(filesDir), { recursive: true });
  const staging = mkdtempSync(join(dirname(target ?? filesDir), '.fmea-restore-'));
  const filesStaging = mkdtempSync(join(dirname(filesDir), '.fmea-restore-files-'));
  const stagedDb = join(staging, 'fmea.db');
  const stagedFiles = join(filesStaging, 'files');
  const refuse = (reason: string) => new InvalidInputError('db.restore_not_backup', { path: archive, reason });
  try {
    let manifest: BackupManifest | undefined;
    let sawDatabase = false;
    let done = 0;
    const count = (bytes: number) => {
      done += bytes;
      if (manifest) options.onProgress?.(Math.min(done, manifest.bytes), manifest.bytes);
    };
    try {
      await readArchive(createReadStream(archive), async (entry, body) => {
        if (!manifest) {
          if (entry.name !== MANIFEST || entry.size > 1024 * 1024) throw refuse('manifest');
          const chunks: Buffer[] = [];
          for await (const chunk of body) chunks.push(chunk as Buffer);
          const parsed = JSON.parse(Buffer.concat(chunks).toString('utf8')) as BackupManifest;
          if (parsed?.format !== BACKUP_FORMAT || parsed.engine !== 'sqlite' || typeof parsed.tables !== 'object') throw refuse('format');
          manifest = parsed;
          options.onProgress?.(0, manifest.bytes);
          return;
        }
        if (entry.name === DATABASE_ENTRY && !sawDatabase) {
          sawDatabase = true;
          await pipeline(body, countingStream(count), createWriteStream(stagedDb));
          return;
        }
        const path = entry.name.startsWith(FILES_PREFIX) ? entry.name.slice(FILES_PREFIX.length) : undefined;
        const segments = path?.split('/') ?? [];
        if (!path || segments.length > 4 || !segments.every((s) => SAFE_SEGMENT.test(s))) throw refuse('name');
        const destination = join(stagedFiles, ...segments);
        mkdirSync(dirname(destination), { recursive: true });
        await pipeline(body, countingStream(count), createWriteStream(destination, { flags: 'wx' }));
      });
    } catch (error) {
      if (error instanceof ArchiveError || error instanceof SyntaxError) throw refuse(error instanceof ArchiveError ? error.reason : 'manifest');
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw refuse('name');
      throw error;
    }
    if (!manifest || !sawDatabase) throw refuse('incomplete');
    // the copy answers for itself before it replaces anything
    const check = createClient({ url: `file:${stagedDb}` });
    try {
      const integrity = await check.execute('PRAGMA integrity_check');
      if (String(integrity.rows[0]?.[0]) !== 'ok') throw refuse('integrity');
      const counts = await tableCounts(check);
      if (JSON.stringify(counts.tables) !== JSON.stringify(manifest.tables)) throw refuse('counts');
    } catch (error) {
      if (error instanceof InvalidInputError) throw error;
      throw refuse('integrity');
    } finally {
      check.close();
    }
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    if (target) {
      // the replaced database keeps its write-ahead log beside it: SQLite reads `<name>-wal` with `<name>`
      for (const suffix of ['', '-wal', '-shm']) {
        if (existsSync(`${target}${suffix}`)) renameSync(`${target}${suffix}`, `${target}.before-restore-${stamp}${suffix}`);
      }
      renameSync(stagedDb, target);
    } else {
      // into PostgreSQL: one transaction, every table's rows and content hash checked before it commits
      await copyDatabase({ from: `file:${stagedDb}`, to: options.url, force: options.force }).catch((error: unknown) => {
        throw error instanceof ConflictError ? new ConflictError('db.restore_target_not_empty', { path: addressWithoutSecrets(options.url) }) : error;
      });
    }
    if (existsSync(filesDir)) renameSync(filesDir, `${filesDir}.before-restore-${stamp}`);
    if (existsSync(stagedFiles)) renameSync(stagedFiles, filesDir);
    else mkdirSync(filesDir, { recursive: true });
    return manifest;
  } finally {
    rmSync(staging, { recursive: true, force: true });
    rmSync(filesStaging, { recursive: true, force: true });
  }
}

function countingStream(onBytes: (bytes: number) => void) {
  return async function* (source: AsyncIterable<Buffer>) {
    for await (const chunk of source) {
      onBytes(chunk.length);
      yield chunk;
    }
  };
}
