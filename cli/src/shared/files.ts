/**
 * Files named on the command line. Inputs must exist and be regular files;
 * outputs are written atomically (a temp file in the same folder, synced,
 * then renamed over the target), so a failure never leaves half a file.
 * Failures become translated DomainErrors (exit 3 for a missing input,
 * 2 otherwise).
 */
import { randomBytes } from 'node:crypto';
import { open, readFile, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { InvalidInputError, NotFoundError } from '@fmea/core/errors';

export interface InputFile {
  /** As given on the command line. */
  readonly path: string;
  /** The base name, for extension checks. */
  readonly name: string;
  readonly bytes: Uint8Array;
}

/** System error codes with their own message; others name the code in a generic one. */
const MESSAGES: Readonly<Record<string, string>> = {
  ENOENT: 'cli.file.folder_missing',
  ENOTDIR: 'cli.file.folder_missing',
  EISDIR: 'cli.file.is_directory',
  EACCES: 'cli.file.permission_denied',
  EPERM: 'cli.file.permission_denied',
  EROFS: 'cli.file.permission_denied',
  ENOSPC: 'cli.file.disk_full',
};

function fileError(error: unknown, path: string, fallbackKey: 'cli.file.read_failed' | 'cli.file.write_failed'): InvalidInputError {
  const code = (error as NodeJS.ErrnoException | undefined)?.code ?? 'unknown';
  const key = MESSAGES[code];
  return key ? new InvalidInputError(key, { path }) : new InvalidInputError(fallbackKey, { path, reason: code });
}

/**
 * Reads an input file whole. `check(name, size)` runs after the file is
 * found and before it is read (e.g. core's `assertSpreadsheet`).
 */
export async function readInputFile(path: string, check?: (name: string, size: number) => void): Promise<InputFile> {
  let info;
  try {
    info = await stat(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') throw new NotFoundError('cli.file.not_found', { path });
    throw fileError(error, path, 'cli.file.read_failed');
  }
  if (!info.isFile()) throw new InvalidInputError('cli.file.not_regular', { path });
  const name = basename(path);
  check?.(name, info.size);
  try {
    const buffer = await readFile(path);
    return { path, name, bytes: new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength) };
  } catch (error) {
    throw fileError(error, path, 'cli.file.read_failed');
  }
}

/** Refuses a file name that does not end with one of `extensions` (core's `file.unsupported_type`). */
export function assertExtension(path: string, extensions: readonly string[]): string {
  const lower = path.toLowerCase();
  const match = extensions.find((ext) => lower.endsWith(ext));
  if (!match) throw new InvalidInputError('file.unsupported_type', { types: extensions.map((e) => e.slice(1)).join(', ') });
  return match;
}

/** Writes `bytes` to `path` all at once or not at all; an existing file is replaced. */
export async function writeOutputFile(path: string, bytes: Uint8Array): Promise<void> {
  const target = resolve(path);
  const temp = join(dirname(target), `.${basename(target)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  try {
    const handle = await open(temp, 'wx');
    try {
      await handle.writeFile(bytes);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, target);
  } catch (error) {
    await rm(temp, { force: true });
    throw fileError(error, path, 'cli.file.write_failed');
  }
}
