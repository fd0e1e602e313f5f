import { createHash, randomUUID } from 'node:crypto';
import { mkdir, open, unlink, writeFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { join, resolve, sep } from 'node:path';
import { eq } from 'drizzle-orm';
import { file } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../db/client.ts';
import { InvalidInputError, NotFoundError } from '../../errors.ts';
import type { ServiceContext } from '../shared/context.ts';
import { writeAndLog } from '../shared/write.ts';
import { formatBytes } from '../shared/xlsx.ts';
import { FILE_LIMITS, FILE_NAME_PATTERN, FILE_TYPES, isFileKind, MAX_FILES_PER_REQUEST, type FileExtension, type FileKind } from './limits.ts';
import { detectSignature, imageSize } from './signature.ts';

export type FileRecord = typeof file.$inferSelect;

/** Longest original name kept (spec text limit). */
export const FILE_NAME_MAX = 200;

// control characters and bidirectional overrides (which disguise extensions: "txt.exe" shown as "exe.txt")
const UNSAFE_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * The client's file name reduced to something safe to store and show: the
 * last path segment only, without control or bidi characters, at most 200
 * characters (the extension kept). Never used as a path.
 */
export function sanitizeFileName(name: string): string {
  const base = (name.normalize('NFC').split(/[\\/]/).pop() ?? '').replace(UNSAFE_CHARACTERS, '').trim();
  if (!base || /^\.+$/.test(base)) throw new InvalidInputError('files.name_invalid');
  const chars = [...base];
  if (chars.length <= FILE_NAME_MAX) return base;
  const dot = base.lastIndexOf('.');
  const ext = dot > 0 ? [...base.slice(dot)] : [];
  if (ext.length > 16) return chars.slice(0, FILE_NAME_MAX).join('');
  return chars.slice(0, FILE_NAME_MAX - ext.length).join('') + ext.join('');
}

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot >= 0 ? name.slice(dot + 1).toLowerCase() : '';
}

/** Refuses more than five files, or none, in one request. */
export function assertFileCount(count: number, max = MAX_FILES_PER_REQUEST): void {
  if (count < 1) throw new InvalidInputError('files.none');
  if (count > max) throw new InvalidInputError('files.too_many', { max });
}

export interface CheckedUpload {
  kind: FileKind;
  originalName: string;
  extension: FileExtension;
  mime: string;
}

/**
 * The upload rules of a kind, in the order a user can fix them: a known kind,
 * a usable name, the extension, the size, bytes that really are that type,
 * and a square picture where one is required.
 */
export function checkUpload(kind: string, originalName: string, data: Uint8Array): CheckedUpload {
  if (!isFileKind(kind)) throw new InvalidInputError('files.kind_unknown', { kind: kind.slice(0, 40) });
  const limit = FILE_LIMITS[kind];
  const name = sanitizeFileName(originalName);
  const extension = extensionOf(name);
  if (!(limit.extensions as readonly string[]).includes(extension)) {
    throw new InvalidInputError('file.unsupported_type', { types: limit.extensions.join(', ') });
  }
  const type = FILE_TYPES[extension as FileExtension];
  if (data.length === 0) throw new InvalidInputError('files.empty');
  if (data.length > limit.maxBytes) throw new InvalidInputError('file.too_large', { limit: formatBytes(limit.maxBytes) });
  if (detectSignature(data) !== type.signature) throw new InvalidInputError('files.content_mismatch', { extension });
  if ('square' in limit && limit.square) {
    const size = imageSize(data);
    if (!size || size.width === 0 || size.height === 0) throw new InvalidInputError('files.image_unreadable');
    if (size.width !== size.height) throw new InvalidInputError('files.not_square', { width: size.width, height: size.height });
  }
  return { kind, originalName: name, extension: extension as FileExtension, mime: type.mime };
}

/** Where a stored file lives: `<filesDir>/<first two characters of the id>/<id>`. */
export function storedPath(filesDir: string, fileName: string): string {
  if (!FILE_NAME_PATTERN.test(fileName)) throw new InvalidInputError('files.file_name_invalid');
  const root = resolve(filesDir);
  const path = resolve(root, fileName.slice(0, 2), fileName);
  // belt and braces: the pattern already rules out separators and dots
  if (!path.startsWith(root + sep)) throw new InvalidInputError('files.file_name_invalid');
  return path;
}

export interface UploadInput {
  filesDir: string;
  kind: string;
  /** The client's name: checked and kept as metadata only. */
  originalName: string;
  data: Uint8Array;
}

/**
 * Checks an upload against its kind's rules, writes it under a generated id
 * and records it (with the operation log) in one transaction. When the
 * database write fails the bytes are removed again.
 */
export async function saveUpload(ctx: ServiceContext, input: UploadInput): Promise<FileRecord> {
  const checked = checkUpload(input.kind, input.originalName, input.data);
  const id = randomUUID();
  const path = storedPath(input.filesDir, id);
  await mkdir(join(path, '..'), { recursive: true });
  await writeFile(path, input.data, { flag: 'wx' });
  const row = {
    id,
    kind: checked.kind,
    originalName: checked.originalName,
    mime: checked.mime,
    size: input.data.length,
    sha256: createHash('sha256').update(input.data).digest('hex'),
    uploadedBy: ctx.actor.userId,
    createdAt: ctx.now(),
  };
  try {
    return await writeAndLog(ctx, async (tx) => {
      const [saved] = await tx.insert(file).values(row).returning();
      const { uploadedBy: _by, createdAt: _at, ...logged } = row;
      return { result: saved!, log: { action: 'file.upload', entity: 'file', entityId: id, after: logged } };
    });
  } catch (error) {
    await unlink(path).catch(() => undefined);
    throw error;
  }
}

/**
 * The record of a stored file by its id (the `fileName` of the download calls).
 * Anything but a UUID-shaped name is refused before the database is asked; a
 * `kind` narrows the search (the public logo download sees logos only).
 */
export async function findFile(db: DbOrTx, fileName: string, options: { kind?: FileKind } = {}): Promise<FileRecord> {
  if (typeof fileName !== 'string' || !FILE_NAME_PATTERN.test(fileName)) throw new InvalidInputError('files.file_name_invalid');
  const row = await db.select().from(file).where(eq(file.id, fileName)).get();
  if (!row || (options.kind && row.kind !== options.kind)) throw new NotFoundError('files.not_found');
  return row;
}

export interface StoredFile {
  size: number;
  stream: ReadableStream<Uint8Array>;
}

/** Opens a stored file for streaming; a record whose bytes are gone is "not found". */
export async function readStoredFile(filesDir: string, record: Pick<FileRecord, 'id'>): Promise<StoredFile> {
  const path = storedPath(filesDir, record.id);
  let handle;
  try {
    handle = await open(path, 'r');
  } catch {
    throw new NotFoundError('files.not_found');
  }
  try {
    const { size } = await handle.stat();
    // the read stream closes the handle when it ends or is cancelled
    const stream = Readable.toWeb(handle.createReadStream()) as unknown as ReadableStream<Uint8Array>;
    return { size, stream };
  } catch (error) {
    await handle.close();
    throw error;
  }
}

/** Removes a file's record (logged) and its bytes. */
export async function deleteFile(ctx: ServiceContext, input: { filesDir: string; fileName: string }): Promise<void> {
  const record = await findFile(ctx.db, input.fileName);
  await writeAndLog(ctx, async (tx) => {
    await tx.delete(file).where(eq(file.id, record.id));
    return { result: undefined, log: { action: 'file.delete', entity: 'file', entityId: record.id, before: record } };
  });
  await unlink(storedPath(input.filesDir, record.id)).catch(() => undefined);
}
