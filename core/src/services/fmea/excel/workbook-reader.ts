import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type ExcelJS from 'exceljs';

/** A zip entry's chunks decoded as one UTF-8 text: a character cut between two chunks stays whole. */
async function* utf8(chunks: AsyncIterable<Buffer | string>): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8');
  for await (const chunk of chunks) yield typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
  const tail = decoder.decode();
  if (tail) yield tail;
}

/** exceljs's own zip parser, loaded from where exceljs loads it (it is exceljs's dependency, not ours). */
type Unzip = { Parse(options: { forceStream: boolean }): NodeJS.ReadWriteStream & AsyncIterable<Entry> };
const unzipper = (): Unzip => createRequire(createRequire(import.meta.url).resolve('exceljs'))('unzipper') as Unzip;

type ReaderOptions = ConstructorParameters<typeof ExcelJS.stream.xlsx.WorkbookReader>[1];
type Entry = Readable & { path: string; autodrain(): void };
interface ReaderInternals {
  options: ReaderOptions;
  input: Readable;
  _parseRels(entry: Entry): Promise<void>;
  _parseWorkbook(entry: Entry): Promise<void>;
  _parseStyles(entry: Entry): Promise<void>;
  _parseSharedStrings(entry: Readable): AsyncGenerator<unknown>;
  _parseWorksheet(iterator: AsyncIterable<string>, sheetNo: string): Generator<unknown>;
}

/**
 * exceljs's streaming workbook reader (same events, same worksheet readers)
 * with two faults of exceljs 4.4 mended, both of which lost data without an
 * error:
 * - it decoded each chunk of a worksheet or of the shared strings on its own,
 *   so a multi-byte character cut at a chunk boundary came back as "\uFFFD"
 *   (exceljs issues #2063, #2084): every few thousand cells of Chinese text;
 * - its own loop over the zip entries often ended early on small workbooks of
 *   many sheets (the last sheets and workbook.xml missing: seen in 25 of 30
 *   reads of a 60 KB workbook of 11 sheets), which only the caller's re-read
 *   and slow fallback caught.
 * Here the zip is read with Node's own stream iteration and the text is
 * decoded across chunks. Worksheets wait in a temporary folder until the
 * workbook's names, relations and shared strings are known, as in exceljs.
 */
export function workbookReader(excel: typeof ExcelJS, input: Readable, options: ReaderOptions): ExcelJS.stream.xlsx.WorkbookReader {
  const Base = excel.stream.xlsx.WorkbookReader as unknown as new (input: Readable, options: ReaderOptions) => ReaderInternals;
  class Reader extends Base {
    async *parse(): AsyncGenerator<unknown> {
      const zip = unzipper().Parse({ forceStream: true });
      this.input.pipe(zip);
      const dir = await mkdtemp(join(tmpdir(), 'fmea-xlsx-'));
      try {
        const waiting: { sheetNo: string; file: string }[] = [];
        for await (const entry of zip) {
          const sheet = /^xl\/worksheets\/sheet(\d+)[.]xml$/.exec(entry.path);
          if (sheet) {
            const file = join(dir, `sheet${sheet[1]}.xml`);
            await pipeline(entry, createWriteStream(file));
            waiting.push({ sheetNo: sheet[1]!, file });
            continue;
          }
          if (entry.path === 'xl/_rels/workbook.xml.rels') await this._parseRels(entry);
          else if (entry.path === 'xl/workbook.xml') await this._parseWorkbook(entry);
          else if (entry.path === 'xl/styles.xml') await this._parseStyles(entry);
          else if (entry.path === 'xl/sharedStrings.xml') yield* this._parseSharedStrings(Readable.from(utf8(entry)));
          entry.autodrain();
        }
        for (const { sheetNo, file } of waiting) yield* this._parseWorksheet(utf8(createReadStream(file)), sheetNo);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    }
  }
  return new Reader(input, options) as unknown as ExcelJS.stream.xlsx.WorkbookReader;
}
