import type { Locale } from '../../i18n/index.ts';
import { translate } from '../../i18n/index.ts';
import type { ServiceContext } from '../shared/context.ts';
import { excel } from '../shared/workbook-stream.ts';
import { getDrbfm } from './project.ts';

/**
 * The DRBFM sheet as a workbook (issue 25): the classic layout — change point | function | concern | influence |
 * cause / failure mode | design actions | evaluation actions | responsible | due | result — one line per concern,
 * under a head naming the change; the review meetings on a second sheet. Headers in the caller's language.
 */
export const DRBFM_SHEET_COLUMNS = [
  { key: 'changePoint', width: 30 },
  { key: 'function', width: 24 },
  { key: 'concern', width: 34 },
  { key: 'raisedBy', width: 12 },
  { key: 'influence', width: 28 },
  { key: 'cause', width: 28 },
  { key: 'importance', width: 10 },
  { key: 'designActions', width: 30 },
  { key: 'evaluationActions', width: 30 },
  { key: 'responsible', width: 14 },
  { key: 'due', width: 12 },
  { key: 'result', width: 28 },
  { key: 'fmea', width: 30 },
] as const;

export async function exportDrbfmWorkbook(ctx: ServiceContext, projectId: string, locale: Locale = 'zh-CN'): Promise<{ fileName: string; data: Uint8Array; rows: number }> {
  const view = await getDrbfm(ctx, projectId);
  const t = (key: string, params?: Record<string, string | number>) => translate(locale, `drbfm.sheet.${key}`, params);
  const workbook = new (await excel()).Workbook();
  const sheet = workbook.addWorksheet('DRBFM');
  sheet.columns = DRBFM_SHEET_COLUMNS.map((c) => ({ key: c.key, width: c.width }));
  const head: [string, string][] = [
    [t('number'), `${view.serialNum} ${view.name}`],
    [t('ewo'), view.change.ewoNum ?? '—'],
    [t('changePoint'), view.change.changePoint],
    [t('reason'), view.change.changeReason ?? ''],
    [t('before'), view.change.beforeChange ?? ''],
    [t('after'), view.change.afterChange ?? ''],
  ];
  for (const [label, value] of head) {
    const row = sheet.addRow([label, value]);
    row.getCell(1).font = { bold: true };
  }
  sheet.addRow([]);
  const header = sheet.addRow(DRBFM_SHEET_COLUMNS.map((c) => t(c.key)));
  header.font = { bold: true };
  header.alignment = { wrapText: true, vertical: 'top' };
  const parts = new Map(view.parts.map((p) => [p.id, p]));
  const lines = (values: (string | null)[]) => values.map((v) => v ?? '—').join('\n');
  for (const c of view.concerns) {
    const part = parts.get(c.partId);
    const actions = view.actions.filter((a) => a.concernId === c.id);
    const design = actions.filter((a) => a.kind === 'design');
    const evaluation = actions.filter((a) => a.kind === 'evaluation');
    const ordered = [...design, ...evaluation];
    const row = sheet.addRow({
      changePoint: part ? [part.code ? `${part.code} ${part.name}` : part.name, part.changeNote].filter(Boolean).join('\n') : '',
      function: c.partFunction ?? part?.functions ?? '',
      concern: c.concern,
      raisedBy: c.raisedByName ?? '',
      influence: c.influence ?? '',
      cause: c.cause ?? '',
      importance: c.importance ? t(`importance.${c.importance}`) : '',
      designActions: design.map((a) => a.description).join('\n'),
      evaluationActions: evaluation.map((a) => a.description).join('\n'),
      responsible: ordered.length ? lines(ordered.map((a) => a.responsibleName)) : '',
      due: ordered.length ? lines(ordered.map((a) => a.targetDate)) : '',
      result: ordered.length ? lines(ordered.map((a) => (a.status === 'done' ? [t('done'), a.result].filter(Boolean).join(': ') : a.result))) : '',
      fmea: c.sentTo.map((s) => `${s.serialNum} ${s.targetText} (${t(`status.${s.status}`)})`).join('\n'),
    });
    row.alignment = { wrapText: true, vertical: 'top' };
  }
  const meetings = workbook.addWorksheet(t('meetings'));
  meetings.columns = [
    { header: t('meetingDate'), key: 'date', width: 12 },
    { header: t('participants'), key: 'participants', width: 30 },
    { header: t('minutes'), key: 'minutes', width: 50 },
    { header: t('decisions'), key: 'decisions', width: 40 },
  ];
  meetings.getRow(1).font = { bold: true };
  for (const m of view.meetings) meetings.addRow({ date: m.meetingDate, participants: m.participants, minutes: m.minutes ?? '', decisions: m.decisions ?? '' }).alignment = { wrapText: true, vertical: 'top' };
  const data = new Uint8Array(await workbook.xlsx.writeBuffer());
  return { fileName: `DRBFM-${view.serialNum}.xlsx`, data, rows: view.concerns.length };
}
