import { InvalidInputError, type Issue } from '../../errors.ts';
import { type FaultClass, type FmedaRow } from '../../domain/fmeda/metrics.ts';
export { fmedaMetrics } from '../../domain/fmeda/metrics.ts';
import { readSheet, SPREADSHEET_LIMIT_BYTES, type SheetColumn } from '../shared/xlsx.ts';
import { spreadsheetLimits } from '../shared/zip-guard.ts';

/**
 * The FMEDA worksheet as a workbook (issue 23): one row per failure mode, the columns in the order the
 * issue lists them, headers in either language. Read for `fmea fmeda metrics <file.xlsx>`: every row is
 * checked first and a file with a wrong row answers every wrong cell, by row and column, and no figures.
 */
type FmedaColumn = 'element' | 'elementFit' | 'mode' | 'distribution' | 'faultClass' | 'residualMechanism' | 'dcResidual' | 'latentMechanism' | 'dcLatent';

export const FMEDA_SHEET_COLUMNS: readonly SheetColumn<FmedaColumn>[] = [
  { key: 'element', headers: ['Element', '硬件要素'], required: true },
  { key: 'elementFit', headers: ['Element failure rate (FIT)', '要素失效率 (FIT)', '要素失效率(FIT)'], required: true },
  { key: 'mode', headers: ['Failure mode', '失效模式'], required: true },
  { key: 'distribution', headers: ['Distribution (%)', '分布 (%)', '分布(%)'], required: true },
  { key: 'faultClass', headers: ['Fault class', '故障类别'], required: true },
  { key: 'residualMechanism', headers: ['Safety mechanism (residual)', '安全机制（残余）', '安全机制(残余)'] },
  { key: 'dcResidual', headers: ['DC residual (%)', '残余诊断覆盖率 (%)', '残余诊断覆盖率(%)'] },
  { key: 'latentMechanism', headers: ['Safety mechanism (latent)', '安全机制（潜伏）', '安全机制(潜伏)'] },
  { key: 'dcLatent', headers: ['DC latent (%)', '潜伏诊断覆盖率 (%)', '潜伏诊断覆盖率(%)'] },
];

/** Fault classes as the worksheet may spell them (IEC 61508's "dangerous" is ISO 26262's single-point). */
const FAULT_CLASS_WORDS: Record<string, FaultClass> = {
  safe: 'safe',
  安全: 'safe',
  'single-point': 'single-point',
  'single point': 'single-point',
  dangerous: 'single-point',
  单点: 'single-point',
  危险: 'single-point',
  'multiple-point': 'multiple-point',
  'multiple point': 'multiple-point',
  多点: 'multiple-point',
};

export interface FmedaWorksheetRow extends FmedaRow {
  row: number;
  element: string;
  mode: string;
  residualMechanism: string;
  latentMechanism: string;
}

const percent = (text: string) => Number(text.replace(/%\s*$/, '').trim());

/** The worksheet's rows, checked: a number where one belongs, a share from 0 to 100 %, a known fault class. */
export async function readFmedaWorksheet(data: Uint8Array, options: { limit?: number; acceptUnmapped?: boolean } = {}): Promise<{ rows: FmedaWorksheetRow[]; unmapped: Issue[] }> {
  const read = await readSheet(data, FMEDA_SHEET_COLUMNS, spreadsheetLimits('table', options.limit ?? SPREADSHEET_LIMIT_BYTES), { acceptUnmapped: options.acceptUnmapped });
  const issues: Issue[] = [];
  const rows: FmedaWorksheetRow[] = [];
  const shares = new Map<string, number>();
  for (const { row, values } of read.rows) {
    const wrong = (messageKey: string, field: FmedaColumn, value: string) => issues.push({ messageKey, field, row, params: { value } });
    const fit = Number(values.elementFit.trim());
    const distribution = percent(values.distribution);
    const faultClass = FAULT_CLASS_WORDS[values.faultClass.trim().toLowerCase()];
    // a blank coverage is no mechanism: kept as none (null), which the metrics read as 0
    const share = (text: string) => (text.trim() === '' ? null : percent(text));
    const dcResidual = share(values.dcResidual);
    const dcLatent = share(values.dcLatent);
    if (!values.element.trim()) wrong('fmeda.element_missing', 'element', '');
    if (!values.mode.trim()) wrong('fmeda.mode_missing', 'mode', '');
    if (values.elementFit.trim() === '' || !(fit >= 0)) wrong('fmeda.fit_invalid', 'elementFit', values.elementFit);
    if (values.distribution.trim() === '' || !(distribution >= 0 && distribution <= 100)) wrong('fmeda.distribution_invalid', 'distribution', values.distribution);
    if (!faultClass) wrong('fmeda.fault_class_invalid', 'faultClass', values.faultClass);
    if (dcResidual !== null && !(dcResidual >= 0 && dcResidual <= 100)) wrong('fmeda.dc_residual_invalid', 'dcResidual', values.dcResidual);
    if (dcLatent !== null && !(dcLatent >= 0 && dcLatent <= 100)) wrong('fmeda.dc_latent_invalid', 'dcLatent', values.dcLatent);
    if (issues.some((i) => i.row === row)) continue;
    const element = values.element.trim();
    shares.set(element, (shares.get(element) ?? 0) + distribution);
    rows.push({
      row,
      element,
      mode: values.mode.trim(),
      elementFit: fit,
      distribution: distribution / 100,
      faultClass: faultClass!,
      residualMechanism: values.residualMechanism.trim(),
      dcResidual: dcResidual === null ? null : dcResidual / 100,
      latentMechanism: values.latentMechanism.trim(),
      dcLatent: dcLatent === null ? null : dcLatent / 100,
    });
  }
  // an element's modes share its λ: more than all of it counts some failures twice
  for (const [element, sum] of shares) {
    if (sum > 100 + 1e-6) issues.push({ messageKey: 'fmeda.distribution_over', field: 'distribution', row: rows.find((r) => r.element === element)!.row, params: { element, sum: String(Math.round(sum * 1000) / 1000) } });
  }
  if (issues.length) throw new InvalidInputError('validation.failed', {}, issues.sort((a, b) => (a.row ?? 0) - (b.row ?? 0)));
  return { rows, unmapped: read.unmapped };
}
