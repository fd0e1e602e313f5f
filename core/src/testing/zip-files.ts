/**
 * Zip archives and workbooks built in tests (no committed binaries),
 * including "decompression bombs": a part whose body repeats is deflated
 * once and its compressed block repeated, so a few hundred KB inflate to
 * hundreds of MB without the test ever holding them.
 */
import { constants, crc32, deflateRawSync } from 'node:zlib';

export interface ZipPart {
  name: string;
  /** The part's text or bytes; with `repeat`, the text between `head` and `tail` repeated. */
  data: string | Uint8Array;
  head?: string;
  tail?: string;
  repeat?: number;
  /** Stored instead of deflated. */
  store?: boolean;
  /** The uncompressed size written in the headers, when a test wants it to lie. */
  declaredSize?: number;
  /** Written as a local entry but left out of the central directory (hidden from directory readers). */
  unlisted?: boolean;
  /** The text made piece by piece (after `head`, before `tail`; `data` and `repeat` unused): a large part that varies, deflated a piece at a time. */
  pieces?: () => Iterable<string>;
}

const bytesOf = (data: string | Uint8Array) => (typeof data === 'string' ? Buffer.from(data, 'utf8') : Buffer.from(data));

/** A deflate segment that ends on a full flush: self-contained, so copies of it can follow one another. */
const segment = (data: Buffer) => deflateRawSync(data, { level: 9, finishFlush: constants.Z_FULL_FLUSH });
/** An empty final block (fixed Huffman, end-of-block only). */
const FINAL_BLOCK = Buffer.from([0x03, 0x00]);

function packed(part: ZipPart): { bytes: Buffer; size: number; crc: number } {
  if (part.pieces) return packedPieces(part, part.pieces);
  const head = bytesOf(part.head ?? '');
  const body = bytesOf(part.data);
  const tail = bytesOf(part.tail ?? '');
  const repeat = part.repeat ?? 1;
  const size = head.length + body.length * repeat + tail.length;
  if (part.store) {
    const bytes = Buffer.concat([head, ...Array<Buffer>(repeat).fill(body), tail]);
    return { bytes, size, crc: crc32(bytes) };
  }
  const block = segment(body);
  const bytes = Buffer.concat([segment(head), ...Array<Buffer>(repeat).fill(block), segment(tail), FINAL_BLOCK]);
  // the CRC of a repeated body is left 0: no reader of ours checks it, and computing it would inflate the test's own memory and time
  const crc = repeat === 1 ? crc32(Buffer.concat([head, body, tail])) : 0;
  return { bytes, size, crc };
}

function packedPieces(part: ZipPart, pieces: () => Iterable<string>): { bytes: Buffer; size: number; crc: number } {
  const blocks: Buffer[] = [];
  let size = 0;
  let crc = 0;
  for (const text of [part.head ?? '', ...pieces(), part.tail ?? '']) {
    const piece = bytesOf(text);
    size += piece.length;
    crc = crc32(piece, crc);
    blocks.push(segment(piece));
  }
  return { bytes: Buffer.concat([...blocks, FINAL_BLOCK]), size, crc };
}

/** A zip archive (no data descriptors, no zip64) of the given parts, in order. */
export function zipArchive(parts: readonly ZipPart[]): Uint8Array {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const { bytes, size, crc } = packed(part);
    const name = Buffer.from(part.name, 'utf8');
    const declared = part.declaredSize ?? size;
    const method = part.store ? 0 : 8;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc >>> 0, 14);
    local.writeUInt32LE(bytes.length, 18);
    local.writeUInt32LE(declared, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(crc >>> 0, 16);
    central.writeUInt32LE(bytes.length, 20);
    central.writeUInt32LE(declared, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, bytes);
    if (!part.unlisted) centrals.push(central, name);
    offset += local.length + name.length + bytes.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  const listed = parts.filter((p) => !p.unlisted).length;
  end.writeUInt16LE(listed, 8);
  end.writeUInt16LE(listed, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  const out = Buffer.concat([...locals, directory, end]);
  return new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
}

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const DOC = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** The parts of a one-sheet workbook around its sheet. */
export function workbookParts(sheet: Omit<ZipPart, 'name'>): ZipPart[] {
  return [
    {
      name: '[Content_Types].xml',
      data:
        '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
        '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
    },
    { name: '_rels/.rels', data: `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${RELS}"><Relationship Id="rId1" Type="${DOC}/officeDocument" Target="xl/workbook.xml"/></Relationships>` },
    { name: 'xl/workbook.xml', data: `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${MAIN}" xmlns:r="${DOC}"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>` },
    { name: 'xl/_rels/workbook.xml.rels', data: `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${RELS}"><Relationship Id="rId1" Type="${DOC}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>` },
    { name: 'xl/worksheets/sheet1.xml', ...sheet },
  ];
}

export interface ExpandingWorkbookOptions {
  /** What the sheet repeats: rows of one numeric cell (default), or blanks inside sheetData. */
  body?: 'rows' | 'whitespace';
  /** About how large the sheet inflates; default 400 MB of blanks (~410 KB packed) or 250 MB of rows (~780 KB packed: rows deflate less well). */
  sheetBytes?: number;
  /** The headers declare the true sizes (default) or a few KB, as a hostile file may. */
  honestSizes?: boolean;
}

/**
 * A one-sheet xlsx of a few hundred KB whose sheet inflates to hundreds of
 * MB (the issue-9 finding: 409 KB → 400 MB). Its header row is `userName`,
 * so the importers get past their own first checks if nothing stops them.
 */
export function expandingWorkbook(options: ExpandingWorkbookOptions = {}): Uint8Array {
  // about 1 MB a unit: deflate's best ratio (~1000:1) needs long runs to reach it
  const unit = options.body === 'whitespace' ? ' '.repeat(1024 * 1024) : '<row><c t="inlineStr"><is><t>a</t></is></c></row>'.repeat(21_400);
  const repeat = Math.ceil((options.sheetBytes ?? (options.body === 'whitespace' ? 400 : 250) * 1024 * 1024) / unit.length);
  return zipArchive(
    workbookParts({
      head: `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${MAIN}"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>userName</t></is></c></row>`,
      data: unit,
      repeat,
      tail: '</sheetData></worksheet>',
      declaredSize: options.honestSizes === false ? 4096 : undefined,
    }),
  );
}

/** A small, valid one-sheet xlsx whose sheet XML is given whole (for shapes exceljs's writer does not make). */
export function sheetWorkbook(sheetXml: string, options: { store?: boolean } = {}): Uint8Array {
  return zipArchive(workbookParts({ data: sheetXml, store: options.store }));
}
