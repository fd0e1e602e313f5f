import { InvalidInputError, isDomainError, type Issue } from '../../errors.ts';
import { ASILS } from '../../domain/fmeda/metrics.ts';
import type { TeamMember } from '../../domain/fmea/index.ts';
import { translate, type Locale } from '../../i18n/index.ts';
import type { ServiceContext } from '../shared/context.ts';
import { assertSpreadsheet, readSheet, SPREADSHEET_LIMIT_BYTES } from '../shared/xlsx.ts';
import { spreadsheetLimits } from '../shared/zip-guard.ts';
import { kindOf } from '../../domain/fmea/kinds.ts';
import { excel } from '../shared/workbook-stream.ts';
import { createFmeda, FMEDA_PROJECT_TYPE, getFmeda, type FmedaView } from './project.ts';
import { FMEDA_SHEET_COLUMNS, readFmedaWorksheet } from './worksheet.ts';

/**
 * The FMEDA worksheet as a workbook (issue 23): the export writes the worksheet's columns in the issue's
 * order (the same FMEDA_SHEET_COLUMNS the reader takes, so what it writes imports) with the metrics on a
 * second sheet; the import makes a new FMEDA project of such a sheet, all or nothing.
 */

export interface FmedaImportOptions {
  fileName: string;
  name?: string;
  members: TeamMember[];
  limit?: number;
  acceptUnmapped?: boolean;
  onProgress?: (done: number, total: number) => void;
}

/**
 * A new FMEDA project from a worksheet: every wrong cell (by row and column) and every column the import
 * has no place for are reported together and nothing is written; unmapped columns pass with `acceptUnmapped`.
 */
export async function importFmedaWorkbook(ctx: ServiceContext, data: Uint8Array, options: FmedaImportOptions): Promise<FmedaView & { imported: number; unmapped: Issue[] }> {
  const limit = options.limit ?? SPREADSHEET_LIMIT_BYTES;
  assertSpreadsheet(options.fileName, data.byteLength, limit);
  let read: Awaited<ReturnType<typeof readFmedaWorksheet>> | null = null;
  let rowIssues: readonly Issue[] = [];
  let unmapped: Issue[] = [];
  try {
    read = await readFmedaWorksheet(data, { limit, acceptUnmapped: true });
    unmapped = read.unmapped;
  } catch (error) {
    if (!isDomainError(error) || error.messageKey !== 'validation.failed') throw error;
    rowIssues = error.issues;
    // the wrong rows are reported with the columns that have no place, in one answer
    unmapped = await unmappedOnly(data, limit);
  }
  const refused = [...rowIssues, ...(options.acceptUnmapped ? [] : unmapped)];
  if (refused.length || !read) throw new InvalidInputError('fmeda.import_refused', { issues: refused.length }, refused);
  const total = read.rows.length;
  options.onProgress?.(0, total);
  const view = await createFmeda(ctx, {
    name: options.name?.trim() || options.fileName.replace(/\.xlsx?$/i, ''),
    members: options.members,
    confirmHandOver: true,
    rows: read.rows.map((r) => ({
      elementName: r.element,
      elementFit: r.elementFit,
      failureMode: r.mode,
      distributionPct: r.distribution * 100,
      faultClass: r.faultClass,
      residualMechanism: r.residualMechanism || null,
      dcResidualPct: r.dcResidual == null ? null : r.dcResidual * 100,
      latentMechanism: r.latentMechanism || null,
      dcLatentPct: r.dcLatent == null ? null : r.dcLatent * 100,
    })),
  });
  options.onProgress?.(total, total);
  return { ...view, imported: total, unmapped };
}

/** The unmapped columns of a sheet whose rows are wrong: the header read alone. */
async function unmappedOnly(data: Uint8Array, limit: number): Promise<Issue[]> {
  return (await readSheet(data, FMEDA_SHEET_COLUMNS, spreadsheetLimits('table', limit), { acceptUnmapped: true })).unmapped;
}

/** Shares as the worksheet shows them: percent, at most 6 decimals (0.1 + 0.2 is written 0.3). */
const pct = (value: number | null) => (value === null ? null : Math.round(value * 1e6) / 1e6);

/** The worksheet and its metrics as an xlsx workbook, headers in the caller's language. */
export async function exportFmedaWorkbook(ctx: ServiceContext, projectId: string, locale: Locale = 'zh-CN'): Promise<{ fileName: string; data: Uint8Array; rows: number }> {
  const view = await getFmeda(ctx, projectId);
  const workbook = new (await excel()).Workbook();
  const header = (headers: readonly string[]) => (locale === 'en-US' ? headers[0]! : (headers[1] ?? headers[0]!));
  const sheet = workbook.addWorksheet(translate(locale, 'fmeda.sheet.worksheet'));
  sheet.columns = FMEDA_SHEET_COLUMNS.map((c) => ({ header: header(c.headers), key: c.key, width: c.key === 'element' || c.key === 'mode' || c.key.endsWith('Mechanism') ? 28 : 16 }));
  sheet.getRow(1).font = { bold: true };
  for (const r of view.rows) {
    sheet.addRow({
      element: r.elementName,
      elementFit: r.elementFit,
      mode: r.failureMode,
      distribution: pct(r.distributionPct),
      faultClass: r.faultClass,
      residualMechanism: r.residualMechanism ?? '',
      dcResidual: pct(r.dcResidualPct),
      latentMechanism: r.latentMechanism ?? '',
      dcLatent: pct(r.dcLatentPct),
    });
  }
  const m = view.metrics;
  const metrics = workbook.addWorksheet(translate(locale, 'fmeda.sheet.metrics'));
  metrics.columns = [
    { header: translate(locale, 'fmeda.sheet.metric'), key: 'metric', width: 36 },
    { header: translate(locale, 'fmeda.sheet.value'), key: 'value', width: 18 },
  ];
  metrics.getRow(1).font = { bold: true };
  const ratio = (value: number | null) => (value === null ? '–' : `${(value * 100).toFixed(2)} %`);
  const yes = (ok: boolean) => translate(locale, ok ? 'fmeda.sheet.met' : 'fmeda.sheet.not_met');
  const lines: [string, string | number][] = [
    ['SPFM', ratio(m.spfm)],
    ['LFM', ratio(m.lfm)],
    ['PMHF (FIT)', Number(m.pmhfFit.toPrecision(6))],
    ...ASILS.flatMap((asil): [string, string][] => [
      [`ASIL ${asil} SPFM`, yes(m.asil[asil].spfm)],
      [`ASIL ${asil} LFM`, yes(m.asil[asil].lfm)],
      [`ASIL ${asil} PMHF`, yes(m.asil[asil].pmhf)],
    ]),
    ['SFF', ratio(m.sff)],
    ['DC', ratio(m.dc)],
    ['PFH (1/h)', m.pfhPerHour.toExponential(3)],
    [translate(locale, 'fmeda.sheet.pfh_band'), m.pfhSilBand],
    ...(['typeA', 'typeB'] as const).flatMap((type): [string, number][] =>
      (['hft0', 'hft1', 'hft2'] as const).map((hft) => [translate(locale, 'fmeda.sheet.max_sil', { type: type === 'typeA' ? 'A' : 'B', hft: hft.slice(3) }), m.maxSil[type][hft]]),
    ),
  ];
  for (const [metric, value] of lines) metrics.addRow({ metric, value });
  return { fileName: `${kindOf(FMEDA_PROJECT_TYPE).filePrefix}-${view.serialNum}.xlsx`, data: new Uint8Array(await workbook.xlsx.writeBuffer()), rows: view.rows.length };
}
