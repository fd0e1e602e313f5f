import type { Scalar } from '../../domain/fmea-baseline/index.ts';
import { labelOf, loadCatalogs, translate, type Locale } from '../../i18n/index.ts';
import { streamingWorkbook } from '../fmea/excel/workbook-io.ts';
import type { BaselineDiff } from './index.ts';

/** A diff field in words: the baseline catalog's own name (re-rating, responsible, link ends), else the field label, else as sent. */
export function diffFieldName(locale: Locale, field: string): string {
  if (!field) return '';
  const own = `fmeaBaseline.field.${field}`;
  if (loadCatalogs()[locale][own] !== undefined) return translate(locale, own);
  return labelOf(locale, field) ?? field;
}

const cell = (v: Scalar) => (v === null ? '' : typeof v === 'boolean' ? (v ? 'yes' : 'no') : v);

/**
 * A diff as a workbook: one sheet, a title ("DF0001: BL1 → working copy"),
 * then one row per changed field (change, kind, item path, field, old value,
 * new value); an added or removed item lists each of its fields with the
 * other side blank. Labels and field names in `locale`.
 */
export async function diffWorkbook(diff: BaselineDiff, locale: Locale = 'zh-CN'): Promise<Uint8Array> {
  const t = (key: string, params?: Record<string, string>) => translate(locale, key, params);
  const { workbook, bytes } = await streamingWorkbook();
  workbook.creator = 'FMEA Workbench';
  const sheet = workbook.addWorksheet(t('fmeaBaseline.diff.sheet'));
  sheet.columns = [{ width: 10 }, { width: 20 }, { width: 60 }, { width: 20 }, { width: 40 }, { width: 40 }];
  const sideName = (s: BaselineDiff['from']) => (s.baseline ? `${s.baseline.label} (${s.baseline.versionLabel})` : t('fmeaBaseline.diff.working'));
  const title = sheet.addRow([t('fmeaBaseline.diff.title', { project: diff.serialNum, from: sideName(diff.from), to: sideName(diff.to) })]);
  title.font = { bold: true, size: 13 };
  title.commit();
  const head = sheet.addRow(['change', 'kind', 'path', 'field', 'old', 'new'].map((k) => t(`fmeaBaseline.diff.${k}`)));
  head.font = { bold: true };
  head.commit();
  for (const item of diff.items) {
    const lead = [t(`fmeaBaseline.change.${item.change}`), t(`fmeaBaseline.kind.${item.kind}`), item.path];
    const fields = item.fields.length ? item.fields : [{ field: '', old: null, new: null }];
    for (const f of fields) {
      const row = sheet.addRow([...lead, diffFieldName(locale, f.field), cell(f.old), cell(f.new)]);
      row.alignment = { wrapText: true, vertical: 'top' };
      row.commit();
    }
  }
  sheet.commit();
  return bytes();
}
