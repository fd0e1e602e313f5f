import { Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';

/**
 * The backup archive's container: a gzipped POSIX tar (ustar), so an administrator can list or unpack
 * one with `tar tzf` / `tar xzf` on any machine. Written and read as streams (a database of gigabytes
 * never sits in memory); sizes past ustar's 8 GiB use the base-256 form GNU tar and bsdtar read.
 * Only regular files: the reader refuses anything else, and names are checked by its caller.
 */

const BLOCK = 512;

function octal(value: number, width: number): string {
  return `${value.toString(8).padStart(width - 1, '0')}\0`;
}

function header(name: string, size: number, mtime: Date): Buffer {
  const nameBytes = Buffer.from(name, 'utf8');
  if (nameBytes.length > 100) throw new RangeError(`archive entry name longer than 100 bytes: ${name}`);
  const block = Buffer.alloc(BLOCK);
  nameBytes.copy(block, 0);
  block.write(octal(0o644, 8), 100, 'ascii');
  block.write(octal(0, 8), 108, 'ascii');
  block.write(octal(0, 8), 116, 'ascii');
  if (size < 8 ** 11) block.write(octal(size, 12), 124, 'ascii');
  else {
    // base-256: the first byte's high bit set, the size big-endian in the rest
    block[124] = 0x80;
    let rest = BigInt(size);
    for (let i = 135; i > 124; i--) {
      block[i] = Number(rest & 0xffn);
      rest >>= 8n;
    }
  }
  block.write(octal(Math.floor(mtime.getTime() / 1000), 12), 136, 'ascii');
  block.write('        ', 148, 'ascii');
  block.write('0', 156, 'ascii');
  block.write('ustar\0', 257, 'ascii');
  block.write('00', 263, 'ascii');
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'ascii');
  return block;
}

export interface ArchiveEntry {
  name: string;
  size: number;
  mtime?: Date;
  /** The bytes, as a stream or whole. */
  body: () => Readable | Buffer;
}

/** Writes `entries` to `out` as a .tar.gz; `onBytes` is told of every chunk of content written. */
export async function writeArchive(out: Writable, entries: AsyncIterable<ArchiveEntry> | Iterable<ArchiveEntry>, onBytes?: (bytes: number) => void): Promise<void> {
  async function* blocks() {
    for await (const entry of entries) {
      yield header(entry.name, entry.size, entry.mtime ?? new Date());
      const body = entry.body();
      let written = 0;
      for await (const chunk of Buffer.isBuffer(body) ? [body] : body) {
        const bytes = chunk as Buffer;
        written += bytes.length;
        if (written > entry.size) throw new Error(`${entry.name} grew while it was archived`);
        onBytes?.(bytes.length);
        yield bytes;
      }
      if (written !== entry.size) throw new Error(`${entry.name} changed size while it was archived`);
      const pad = (BLOCK - (entry.size % BLOCK)) % BLOCK;
      if (pad) yield Buffer.alloc(pad);
    }
    yield Buffer.alloc(BLOCK * 2);
  }
  await pipeline(Readable.from(blocks()), createGzip(), out);
}

function parseSize(field: Buffer): number {
  if (field[0]! & 0x80) {
    let size = 0n;
    for (let i = 1; i < field.length; i++) size = (size << 8n) | BigInt(field[i]!);
    return Number(size);
  }
  const text = field.toString('ascii').replace(/\0.*$/s, '').trim();
  if (!/^[0-7]*$/.test(text)) throw new ArchiveError('size');
  return text === '' ? 0 : parseInt(text, 8);
}

/** Not an archive of ours: a header that does not parse, a kind of entry other than a file, or a cut-off stream. */
export class ArchiveError extends Error {
  constructor(readonly reason: 'size' | 'checksum' | 'kind' | 'truncated' | 'gzip') {
    super(`not a backup archive (${reason})`);
  }
}

export interface ReadEntry {
  name: string;
  size: number;
}

/**
 * Reads a .tar.gz, calling `onEntry` for each file with a stream of its bytes (read it to the end, or
 * the archive stalls); the next entry waits until that promise settles.
 */
export async function readArchive(input: Readable, onEntry: (entry: ReadEntry, body: Readable) => Promise<void>): Promise<void> {
  let buffer = Buffer.alloc(0);
  let ended = false;
  const gunzip = createGunzip();
  const source = input.pipe(gunzip);
  const failed = new Promise<never>((_, reject) => {
    gunzip.once('error', () => reject(new ArchiveError('gzip')));
    input.once('error', reject);
  });
  failed.catch(() => undefined);
  const iterator = source[Symbol.asyncIterator]();
  async function more(): Promise<boolean> {
    if (ended) return false;
    const next = await Promise.race([iterator.next(), failed]);
    if (next.done) {
      ended = true;
      return false;
    }
    buffer = Buffer.concat([buffer, next.value as Buffer]);
    return true;
  }
  async function take(n: number): Promise<Buffer> {
    while (buffer.length < n) if (!(await more())) throw new ArchiveError('truncated');
    const out = buffer.subarray(0, n);
    buffer = buffer.subarray(n);
    return out;
  }
  for (;;) {
    const block = await take(BLOCK);
    if (block.every((b) => b === 0)) return;
    const stored = parseInt(block.subarray(148, 156).toString('ascii').replace(/\0.*$/s, '').trim(), 8);
    let sum = 0;
    for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : block[i]!;
    if (stored !== sum) throw new ArchiveError('checksum');
    const kind = String.fromCharCode(block[156]!);
    if (kind !== '0' && kind !== '\0') throw new ArchiveError('kind');
    const name = block.subarray(0, 100).toString('utf8').replace(/\0.*$/s, '');
    const size = parseSize(block.subarray(124, 136));
    let left = size;
    // the entry's bytes as they arrive, no faster than its reader takes them
    let wanted: (() => void) | undefined;
    const body = new Readable({
      read() {
        wanted?.();
        wanted = undefined;
      },
    });
    const consumed = onEntry({ name, size }, body);
    consumed.catch(() => undefined);
    while (left > 0) {
      if (buffer.length === 0 && !(await more())) {
        body.destroy(new ArchiveError('truncated'));
        throw new ArchiveError('truncated');
      }
      const chunk = buffer.subarray(0, Math.min(left, buffer.length));
      buffer = buffer.subarray(chunk.length);
      left -= chunk.length;
      if (!body.push(Buffer.from(chunk))) await Promise.race([new Promise<void>((resume) => (wanted = resume)), consumed]);
    }
    body.push(null);
    await consumed;
    await take((BLOCK - (size % BLOCK)) % BLOCK);
  }
}
