/**
 * The central directory of a zip archive (PKWARE APPNOTE 4.3), read from the
 * bytes without inflating anything: what the spreadsheet guard needs to
 * check sizes before exceljs sees the file. Anything malformed is refused as
 * "not an Excel workbook"; nothing here is a library's text.
 */
import { InvalidInputError } from '../../errors.ts';

export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated (the only methods an xlsx uses). */
  method: number;
  compressedSize: number;
  /** As declared: a hostile file can lie, so the guard counts what inflating really yields. */
  uncompressedSize: number;
  localOffset: number;
  /** Where the entry's compressed bytes start (after its local header). */
  dataStart: number;
}

const END = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_END = 0x06064b50;
const MAX32 = 0xffffffff;
/** The smallest local file header: a gap this short between entries cannot hide an entry from a streaming reader. */
const LOCAL_HEADER_BYTES = 30;

export const notWorkbook = () => new InvalidInputError('file.not_xlsx');

class Reader {
  private readonly view: DataView;
  constructor(readonly data: Uint8Array) {
    this.view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  }
  // DataView throws RangeError past the end: the caller turns that into "not a workbook"
  u16 = (at: number) => this.view.getUint16(at, true);
  u32 = (at: number) => this.view.getUint32(at, true);
  u64 = (at: number) => Number(this.view.getBigUint64(at, true));
  text = (at: number, length: number) => new TextDecoder().decode(this.data.subarray(at, at + length));
}

/** The end-of-central-directory record is in the last 22 + 65,535 (comment) bytes. */
function findEnd(r: Reader): number {
  const last = r.data.byteLength - 22;
  for (let at = last; at >= 0 && at >= last - 0xffff; at--) if (r.u32(at) === END) return at;
  return -1;
}

function directoryOf(r: Reader, end: number): { count: number; offset: number; size: number; limit: number } {
  let count = r.u16(end + 10);
  let size = r.u32(end + 12);
  let offset = r.u32(end + 16);
  if (r.u16(end + 4) !== 0 || r.u16(end + 6) !== 0) throw notWorkbook(); // multi-disk archives
  let limit = end;
  if (count === 0xffff || size === MAX32 || offset === MAX32) {
    const locator = end - 20;
    if (locator < 0 || r.u32(locator) !== ZIP64_LOCATOR) throw notWorkbook();
    const record = r.u64(locator + 8);
    if (r.u32(record) !== ZIP64_END) throw notWorkbook();
    count = r.u64(record + 32);
    size = r.u64(record + 40);
    offset = r.u64(record + 48);
    limit = record;
  }
  if (offset + size > limit) throw notWorkbook();
  return { count, offset, size, limit };
}

/** The zip64 extra field (id 1) holds the 64-bit values whose 32-bit fields read 0xFFFFFFFF, in this order. */
function applyZip64(r: Reader, at: number, length: number, entry: ZipEntry): void {
  for (let p = at; p + 4 <= at + length; p += 4 + r.u16(p + 2)) {
    if (r.u16(p) !== 1) continue;
    let q = p + 4;
    if (entry.uncompressedSize === MAX32) (entry.uncompressedSize = r.u64(q)), (q += 8);
    if (entry.compressedSize === MAX32) (entry.compressedSize = r.u64(q)), (q += 8);
    if (entry.localOffset === MAX32) entry.localOffset = r.u64(q);
    return;
  }
}

/** The local header must agree with the directory; the entry's data must end before the directory. */
function locate(r: Reader, entry: ZipEntry, flags: number, directoryOffset: number): void {
  const at = entry.localOffset;
  if (r.u32(at) !== LOCAL || r.u16(at + 8) !== entry.method) throw notWorkbook();
  // without a data descriptor (flag 8) the local header carries the sizes a streaming reader trusts
  if ((flags & 8) === 0 && r.u32(at + 18) !== MAX32 && r.u32(at + 18) !== entry.compressedSize) throw notWorkbook();
  entry.dataStart = at + LOCAL_HEADER_BYTES + r.u16(at + 26) + r.u16(at + 28);
  if (entry.dataStart + entry.compressedSize > directoryOffset) throw notWorkbook();
}

/**
 * Entries laid end to end: a reader that walks the local headers rather
 * than the directory (exceljs's own streaming reader, unzipper) would inflate
 * an entry hidden in a gap (or two entries sharing bytes) without the guard
 * seeing it. Ours reads by the directory; the rule stays for any other.
 */
function assertContiguous(entries: readonly ZipEntry[], directoryOffset: number): void {
  let end = 0;
  for (const entry of [...entries].sort((a, b) => a.localOffset - b.localOffset)) {
    const gap = entry.localOffset - end;
    if (gap < 0 || gap >= LOCAL_HEADER_BYTES) throw notWorkbook();
    end = entry.dataStart + entry.compressedSize;
  }
  // room for the last data descriptor, not for another entry
  if (directoryOffset - end < 0 || directoryOffset - end >= LOCAL_HEADER_BYTES) throw notWorkbook();
}

/**
 * The entries of a zip archive that exceljs could read: stored or deflated,
 * not encrypted, laid end to end, with `xl/workbook.xml` among them. More
 * than `maxEntries` → `file.too_many_parts`; anything else wrong →
 * `file.not_xlsx`.
 */
export function readZipDirectory(data: Uint8Array, maxEntries: number): ZipEntry[] {
  const r = new Reader(data);
  try {
    const end = findEnd(r);
    if (end < 0) throw notWorkbook();
    const directory = directoryOf(r, end);
    if (directory.count > maxEntries) throw new InvalidInputError('file.too_many_parts', { limit: maxEntries });
    const entries: ZipEntry[] = [];
    let at = directory.offset;
    for (let i = 0; i < directory.count; i++) {
      if (r.u32(at) !== CENTRAL) throw notWorkbook();
      const flags = r.u16(at + 8);
      const nameLength = r.u16(at + 28);
      const extraLength = r.u16(at + 30);
      const entry: ZipEntry = {
        name: r.text(at + 46, nameLength),
        method: r.u16(at + 10),
        compressedSize: r.u32(at + 20),
        uncompressedSize: r.u32(at + 24),
        localOffset: r.u32(at + 42),
        dataStart: 0,
      };
      applyZip64(r, at + 46 + nameLength, extraLength, entry);
      // encrypted entries and methods other than stored/deflate are nothing exceljs reads
      if ((flags & 1) !== 0 || (entry.method !== 0 && entry.method !== 8)) throw notWorkbook();
      locate(r, entry, flags, directory.offset);
      entries.push(entry);
      at += 46 + nameLength + extraLength + r.u16(at + 32);
    }
    if (at > directory.offset + directory.size) throw notWorkbook();
    assertContiguous(entries, directory.offset);
    // exceljs finds the workbook by this exact name (a leading slash is tolerated)
    if (!entries.some((e) => e.name.replace(/^\//, '') === 'xl/workbook.xml')) throw notWorkbook();
    return entries;
  } catch (error) {
    if (error instanceof RangeError) throw notWorkbook();
    throw error;
  }
}
