/**
 * Decompression limits for spreadsheet imports. An xlsx is a zip of XML: a
 * few hundred KB can declare (or, lying, hold) hundreds of MB of rows, which
 * exceljs would inflate and parse whole before any check of ours ran. Every
 * spreadsheet read calls `guardSpreadsheet` first: it reads the zip's
 * directory, then inflates every entry in a stream (zlib's asynchronous API,
 * so the work runs in libuv's thread pool and the server keeps answering),
 * counting bytes, rows and cells, and stops at the first limit passed.
 * The limits follow the import's byte limit (IMPORT_MAX_MB); the figures and
 * why are in docs/decisions/choices.md (uploads).
 */
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { createInflateRaw } from 'node:zlib';
import { DomainError, InvalidInputError } from '../../errors.ts';
import { detectSignature } from '../files/signature.ts';
import { notWorkbook, readZipDirectory, type ZipEntry } from './zip-directory.ts';

export interface SpreadsheetLimits {
  /** Sum of all entries' inflated sizes. */
  uncompressedBytes: number;
  /** `<row>` elements over all sheets. */
  rows: number;
  /** `<c>` elements over all sheets. */
  cells: number;
  /** Entries in the zip. */
  entries: number;
  /**
   * Characters of cell text the reader keeps (workbook-stream.ts counts them
   * row by row; a shared string counts at every cell that shows it). Bounds
   * the memory of a file that is within the other limits but all text.
   */
  text: number;
}

/**
 * table: users, dictionaries, AP rules (a few columns, a person or an item a
 * row); dfmea: the DFMEA workbook (two sheets of ~27 and ~45 columns a chain).
 */
export type SpreadsheetProfile = 'table' | 'dfmea';

const MB = 1024 * 1024;
/** Our exports inflate 8–11 times (measured: DFMEA 20,000 chains 7.1 MB → 56 MB); 50 leaves room for sparse, styled sheets. */
export const UNCOMPRESSED_PER_BYTE = 50;
/** A workbook has 10–30 parts; images and comments add some. */
export const MAX_ZIP_ENTRIES = 1000;
/**
 * Per MB of import limit. Our exports: DFMEA ~5,900 rows, ~212,000 cells and
 * ~0.9 million characters of text per MB; users ~24,000 rows per MB; a table
 * of varied 40-character texts ~4.7 million characters per MB.
 */
const PER_MB: Readonly<Record<SpreadsheetProfile, { rows: number; cells: number; text: number }>> = {
  table: { rows: 10_000, cells: 200_000, text: 10_000_000 },
  dfmea: { rows: 50_000, cells: 1_000_000, text: 10_000_000 },
};

/** The limits of an import whose files may be `importBytes` long (SPREADSHEET_LIMIT_BYTES, IMPORT_MAX_MB). */
export function spreadsheetLimits(profile: SpreadsheetProfile, importBytes: number): SpreadsheetLimits {
  const mb = importBytes / MB;
  return {
    uncompressedBytes: Math.ceil(importBytes * UNCOMPRESSED_PER_BYTE),
    rows: Math.ceil(PER_MB[profile].rows * mb),
    cells: Math.ceil(PER_MB[profile].cells * mb),
    entries: MAX_ZIP_ENTRIES,
    text: Math.ceil(PER_MB[profile].text * mb),
  };
}

function formatSize(bytes: number): string {
  return bytes >= MB ? `${Math.round(bytes / MB)} MB` : `${Math.round(bytes / 1024)} KB`;
}

/** A row or cell start tag, with or without a namespace prefix (`<row `, `<x:c>`); `<col`, `<cfRule` etc. do not match. */
const TAG = /<(?:[A-Za-z_][\w.-]*:)?(row|c)[\s/>]/g;

interface Tally {
  bytes: number;
  rows: number;
  cells: number;
}

/** Counts tags in a stream of chunks; a tag cut by a chunk boundary is kept until the next chunk. */
class TagCounter {
  private carry = '';
  /** The limit passed, kept here because a stream pipeline reports its own abort in place of the error thrown into it. */
  refusal: DomainError | undefined;
  constructor(
    private readonly tally: Tally,
    private readonly limits: SpreadsheetLimits,
  ) {}

  private refuse(messageKey: string, limit: number | string): never {
    this.refusal = new InvalidInputError(messageKey, { limit });
    throw this.refusal;
  }

  take(chunk: Uint8Array): void {
    this.tally.bytes += chunk.byteLength;
    if (this.tally.bytes > this.limits.uncompressedBytes) this.refuse('file.unpacked_too_large', formatSize(this.limits.uncompressedBytes));
    const bytes = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    if (this.carry === '' && bytes.indexOf(0x3c) < 0) return; // no tag starts here (blank padding, media)
    // latin1: every byte one character, and UTF-8 sequences never hold an ASCII '<'
    let text = this.carry + bytes.toString('latin1');
    const last = text.lastIndexOf('<');
    if (last >= 0 && text.length - last < 64) {
      this.carry = text.slice(last);
      text = text.slice(0, last);
    } else this.carry = '';
    this.count(text);
  }

  end(): void {
    this.count(this.carry);
    this.carry = '';
  }

  private count(text: string): void {
    TAG.lastIndex = 0;
    for (let match = TAG.exec(text); match; match = TAG.exec(text)) {
      if (match[1] === 'row') this.tally.rows++;
      else this.tally.cells++;
    }
    if (this.tally.rows > this.limits.rows) this.refuse('file.too_many_rows', this.limits.rows);
    if (this.tally.cells > this.limits.cells) this.refuse('file.too_many_cells', this.limits.cells);
  }
}

/** Compressed bytes fed per write (a stored entry is scanned in slices of this size). */
const SLICE = 64 * 1024;
/**
 * Inflated bytes per thread-pool round trip: large enough that a busy machine's
 * hand-offs between the pool and the event loop do not dominate, small enough
 * that scanning one chunk holds the event loop for about a millisecond.
 */
const CHUNK = 512 * 1024;

function* slices(data: Uint8Array): Generator<Buffer> {
  for (let at = 0; at < data.byteLength; at += SLICE) yield Buffer.from(data.buffer, data.byteOffset + at, Math.min(SLICE, data.byteLength - at));
}

/** Every entry is scanned whatever its name: exceljs matches worksheet names loosely. */
async function scanEntry(data: Uint8Array, entry: ZipEntry, counter: TagCounter): Promise<void> {
  const packed = data.subarray(entry.dataStart, entry.dataStart + entry.compressedSize);
  if (entry.method === 0) {
    let n = 0;
    for (const slice of slices(packed)) {
      counter.take(slice);
      if (++n % 16 === 0) await nextTurn(); // stored bytes need no inflating: still let other requests in
    }
  } else {
    // the input goes in slices and the stream's backpressure holds inflating to what is being counted
    await pipeline(Readable.from(slices(packed)), createInflateRaw({ chunkSize: CHUNK }), async (inflated: AsyncIterable<Buffer>) => {
      for await (const chunk of inflated) counter.take(chunk);
    });
  }
  counter.end();
}

/**
 * Refuses, before any spreadsheet library sees them, bytes that are not an
 * xlsx (`file.not_xlsx`; an old .xls or encrypted workbook: `file.xls_legacy`)
 * or that pass a limit: `file.too_many_parts`, `file.unpacked_too_large`,
 * `file.too_many_rows`, `file.too_many_cells`, each naming the limit.
 * Returns the zip's entries (workbook-stream.ts reads them from there).
 */
export async function guardSpreadsheet(data: Uint8Array, limits: SpreadsheetLimits): Promise<ZipEntry[]> {
  if (detectSignature(data) === 'ole') throw new InvalidInputError('file.xls_legacy');
  const entries = readZipDirectory(data, limits.entries);
  // declared sizes: refused without inflating a byte when the directory admits it
  const declared = entries.reduce((sum, e) => sum + e.uncompressedSize, 0);
  if (declared > limits.uncompressedBytes) throw new InvalidInputError('file.unpacked_too_large', { limit: formatSize(limits.uncompressedBytes) });
  const tally: Tally = { bytes: 0, rows: 0, cells: 0 };
  for (const entry of entries) {
    const counter = new TagCounter(tally, limits);
    try {
      await scanEntry(data, entry, counter);
    } catch (error) {
      if (counter.refusal) throw counter.refusal;
      throw notWorkbook(); // zlib's "invalid distance", "unexpected end of file", …
    }
  }
  return entries;
}
