import type ExcelJS from 'exceljs';
import { PFMEA_FLAT_COLUMNS } from '../services/fmea/excel/columns.ts';
import { readableColumns } from '../services/fmea/excel/data-columns.ts';
import { normHeader } from '../services/fmea/excel/headers.ts';
import { chainCodes } from '../services/fmea/excel/vocabulary.ts';

/**
 * Legacy AIAG 4th-edition DFMEA sheets as plants write them, generated from
 * one analysis (LEGACY_SOURCE) in several wordings and layouts, and the
 * facts an export of the imported analysis must hold (`legacyFacts`), so a
 * test compares what went in with what came out.
 *
 * The source names one responsible person who is a user (LEGACY_RESPONSIBLE);
 * a test gives each sheet the user name of its database to write there
 * (a builder's user, e.g. `englishTwoRowSheet(nameOf(team.owner))`), and
 * `legacyFacts` the same name. Without one, the placeholder stays: a name
 * no builder's user has.
 */

/** Where LEGACY_SOURCE names the responsible person who is a user. */
export const LEGACY_RESPONSIBLE = 'owner';

export interface SourceAction {
  text: string;
  /** LEGACY_RESPONSIBLE for the user the sheet is made for, or a name that is no user (kept in the action's text). */
  who: string;
  target: string;
  taken?: string;
  done?: string;
  ra?: [number, number, number];
}

export interface SourceCause {
  cause: string;
  prevention: string[];
  o: number;
  detection: string[];
  d: number;
  action?: SourceAction;
}

export interface SourceMode {
  item: string;
  fn: string;
  req: string;
  mode: string;
  effects: [string, number][];
  cls: '' | 'YC' | 'SC';
  causes: SourceCause[];
}

export const LEGACY_SOURCE: readonly SourceMode[] = [
  {
    item: 'Window regulator',
    fn: 'Move glass up and down',
    req: 'Closing time ≤ 4 s',
    mode: 'Glass does not move',
    effects: [
      ['Window cannot be closed', 8],
      ['Vehicle cannot be locked', 8],
    ],
    cls: 'YC',
    causes: [
      { cause: 'Cable breaks', prevention: ['Cable spec CS-4'], o: 3, detection: ['Cable pull test PT-2', 'Endurance test ET-1'], d: 4, action: { text: 'Use 7x19 cable', who: LEGACY_RESPONSIBLE, target: '2024-05-01', taken: 'Changed to 7x19 cable', done: '2024-04-20', ra: [8, 2, 4] } },
      { cause: 'Drum cracked', prevention: ['FEA on drum'], o: 2, detection: ['Drop test DT-1'], d: 5 },
    ],
  },
  {
    item: 'Window regulator',
    fn: 'Move glass up and down',
    req: 'Closing time ≤ 4 s',
    mode: 'Glass moves slowly',
    effects: [['Customer annoyed', 5]],
    cls: '',
    causes: [{ cause: 'Friction in guide rail', prevention: ['Guide rail coating spec'], o: 5, detection: ['Speed test'], d: 6, action: { text: 'Add PTFE coating', who: 'Design engineering', target: '2024-07-01' } }],
  },
  {
    item: 'Motor',
    fn: 'Drive the cable drum',
    req: 'Torque ≥ 9 Nm',
    mode: 'No torque',
    effects: [['Window cannot be closed', 8]],
    cls: 'SC',
    causes: [
      { cause: 'Brush wear', prevention: ['Brush life calculation'], o: 4, detection: ['Motor endurance test'], d: 3, action: { text: 'Longer brushes', who: LEGACY_RESPONSIBLE, target: '2024-09-01', taken: 'Brushes 12 mm', done: '2024-08-15', ra: [8, 2, 3] } },
      { cause: 'Connector corroded', prevention: ['Sealed connector standard'], o: 2, detection: ['Salt spray test'], d: 4 },
    ],
  },
];

type Cell = string | number | Date | null;

/** One source cause row in the form's order, every field the renderer wants. */
interface FlatSourceRow {
  first: boolean;
  modeIndex: number;
  mode: SourceMode;
  cause: SourceCause;
}

const withResponsible = (cause: SourceCause, responsible: string): SourceCause =>
  cause.action?.who === LEGACY_RESPONSIBLE ? { ...cause, action: { ...cause.action, who: responsible } } : cause;

/** The source's cause rows, the responsible user named `responsible`. */
const sourceRows = (responsible = LEGACY_RESPONSIBLE): FlatSourceRow[] =>
  LEGACY_SOURCE.flatMap((mode, modeIndex) => mode.causes.map((cause, i) => ({ first: i === 0, modeIndex, mode, cause: withResponsible(cause, responsible) })));

async function workbook(): Promise<ExcelJS.Workbook> {
  return new ((await import('exceljs')).default.Workbook)();
}

const bytes = async (wb: ExcelJS.Workbook) => new Uint8Array(await wb.xlsx.writeBuffer());
const rpn = (...r: number[]) => r.reduce((a, b) => a * b, 1);
const ratings = (m: SourceMode) => Math.max(...m.effects.map((e) => e[1]));

/** English, the issue's wording, header block, two header rows (groups "Current Design Controls" and "Action Results"); cells below the first row of a mode left blank. */
export async function englishTwoRowSheet(responsible?: string): Promise<Uint8Array> {
  const wb = await workbook();
  const ws = wb.addWorksheet('DFMEA');
  ws.getCell('A1').value = 'POTENTIAL FAILURE MODE AND EFFECTS ANALYSIS (DESIGN FMEA)';
  ws.getCell('M1').value = 'FMEA Number: DF-1450';
  ws.getCell('P1').value = 'Page 1 of 1';
  ws.getRow(2).values = ['System:', 'Door module', '', '', '', '', '', 'Design Responsibility:', 'Body engineering'];
  ws.getRow(3).values = ['Subsystem:', 'Window lifter', '', '', '', '', '', 'Key Date:', '2024-06-30', '', '', '', 'Prepared By:', 'J. Smith'];
  ws.getRow(4).values = ['Component:', 'Window regulator', '', '', '', '', '', 'Model Year(s)/Program(s):', '2025 / B-SUV', '', '', '', 'FMEA Date (Orig.): 2024-01-15 (Rev.): 2024-03-02'];
  ws.getRow(5).values = ['Core Team: A. Li, B. Wang'];
  const top = ['Item /\nFunction', 'Requirements', 'Potential\nFailure Mode', 'Potential\nEffect(s) of Failure', 'Sev', 'Class', 'Potential\nCause(s) / Mechanism(s)\nof Failure', 'Current Design Controls', '', '', '', 'R.P.N.', 'Recommended\nAction(s)', 'Responsibility & Target\nCompletion Date', 'Action Results', '', '', '', ''];
  const sub = ['', '', '', '', '', '', '', 'Prevention', 'Occur', 'Detection', 'Detec', '', '', '', 'Actions Taken', 'Sev', 'Occ', 'Det', 'R.P.N.'];
  ws.getRow(7).values = [...top];
  ws.getRow(8).values = [...sub];
  for (const c of [1, 2, 3, 4, 5, 6, 7, 12, 13, 14]) ws.mergeCells(7, c, 8, c);
  ws.mergeCells(7, 8, 7, 11);
  ws.mergeCells(7, 15, 7, 19);
  let r = 9;
  for (const { first, mode: m, cause: c } of sourceRows(responsible)) {
    const a = c.action;
    const s = ratings(m);
    const cells: Cell[] = [
      first ? `${m.item}\n${m.fn}` : '',
      first ? m.req : '',
      first ? m.mode : '',
      first ? m.effects.map((e) => e[0]).join('\n') : '',
      first ? s : '',
      first ? m.cls : '',
      c.cause,
      c.prevention.join('\n'),
      c.o,
      c.detection.join('\n'),
      c.d,
      rpn(s, c.o, c.d),
      a?.text ?? '',
      a ? `${a.who}, ${a.target}` : '',
      a?.taken ? `${a.taken} ${a.done}` : '',
      a?.ra?.[0] ?? '',
      a?.ra?.[1] ?? '',
      a?.ra?.[2] ?? '',
      a?.ra ? rpn(...a.ra) : '',
    ];
    ws.getRow(r++).values = [...cells];
  }
  return bytes(wb);
}

/** One header row with line breaks inside the cells, separate Item and Function columns, and item, function, mode, effects, S and class merged over their cause rows. */
export async function mergedCellsSheet(responsible?: string): Promise<Uint8Array> {
  const wb = await workbook();
  const ws = wb.addWorksheet('Design FMEA');
  ws.getRow(1).values = ['Item', 'Function', 'Requirement', 'Potential\nFailure Mode', 'Potential Effect(s)\nof Failure', 'S', 'Class', 'Potential Cause(s)/\nMechanism(s) of Failure', 'Current Design Controls\nPrevention', 'O', 'Current Design Controls\nDetection', 'D', 'RPN', 'Recommended Action(s)', 'Responsibility &\nTarget Completion Date', 'Actions Taken', 'New S', 'New O', 'New D', 'New RPN'];
  let r = 2;
  const rows = sourceRows(responsible);
  for (let i = 0; i < rows.length; i++) {
    const { first, mode: m, cause: c } = rows[i]!;
    const a = c.action;
    const s = ratings(m);
    ws.getRow(r).values = [m.item, m.fn, m.req, m.mode, m.effects.map((e) => e[0]).join('\n'), s, m.cls, c.cause, c.prevention.join('\n'), c.o, c.detection.join('\n'), c.d, rpn(s, c.o, c.d), a?.text ?? '', a ? `${a.who} ${a.target}` : '', a?.taken ? `${a.taken}, ${a.done}` : '', a?.ra?.[0] ?? null, a?.ra?.[1] ?? null, a?.ra?.[2] ?? null, a?.ra ? rpn(...a.ra) : null];
    if (first) {
      const span = m.causes.length;
      if (span > 1) for (const col of [4, 5, 6, 7]) ws.mergeCells(r, col, r + span - 1, col);
      // the item and its function span every row of the item
      const itemRows = rows.slice(i).filter((x) => x.mode.item === m.item).length;
      if (rows[i - 1]?.mode.item !== m.item && itemRows > 1) for (const col of [1, 2, 3]) ws.mergeCells(r, col, r + itemRows - 1, col);
    }
    r++;
  }
  return bytes(wb);
}

/** Chinese headers (two rows: 现行设计控制 over 预防/频度/探测/探测度, 措施结果 over 采取的措施/严重度/频度/探测度/风险顺序数) and a Chinese header block. */
export async function chineseSheet(responsible?: string): Promise<Uint8Array> {
  const wb = await workbook();
  const ws = wb.addWorksheet('设计FMEA');
  ws.getCell('A1').value = '潜在失效模式及后果分析（设计 FMEA）';
  ws.getRow(2).values = ['系统：车门', '', '', '', 'FMEA编号：', 'D-0007'];
  ws.getRow(3).values = ['零部件：', '车窗升降器', '', '', '车型年/平台：', '2025款'];
  ws.getRow(4).values = ['编制人：王工', '', '', '', 'FMEA日期（编制）：', '2024/1/15'];
  ws.getRow(5).values = ['核心小组：李工，张工'];
  ws.getRow(6).values = ['项目/功能', '要求', '潜在失效模式', '潜在失效后果', '严重度', '级别', '潜在失效起因/机理', '现行设计控制', '', '', '', '风险顺序数', '建议措施', '责任及目标完成日期', '措施结果', '', '', '', ''];
  ws.getRow(7).values = ['', '', '', '', '', '', '', '预防', '频度', '探测', '探测度', '', '', '', '采取的措施', '严重度', '频度', '探测度', '风险顺序数'];
  let r = 8;
  for (const { first, mode: m, cause: c } of sourceRows(responsible)) {
    const a = c.action;
    const s = ratings(m);
    const date = (iso: string) => iso.replace(/-0?/g, '/');
    ws.getRow(r++).values = [first ? `${m.item}：${m.fn}` : '', first ? m.req : '', first ? m.mode : '', first ? m.effects.map((e) => e[0]).join('\n') : '', first ? s : '', first ? m.cls : '', c.cause, c.prevention.join('\n'), c.o, c.detection.join('\n'), c.d, rpn(s, c.o, c.d), a?.text ?? '', a ? `${a.who}；${date(a.target)}` : '', a?.taken ? `${a.taken} ${date(a.done!)}` : '', a?.ra?.[0] ?? '', a?.ra?.[1] ?? '', a?.ra?.[2] ?? '', a?.ra ? rpn(...a.ra) : ''];
  }
  return bytes(wb);
}

/** Abbreviations (Sev/Occ/Det, R.P.N.), "Current Process/Design Controls", separate target and completion date columns (real dates), and the re-rating as a second Sev/Occ/Det after the actions. */
export async function abbreviatedSheet(extra?: { header: string; value: (i: number) => Cell; unnamed?: boolean }, responsible?: string): Promise<Uint8Array> {
  const wb = await workbook();
  const ws = wb.addWorksheet('Sheet1');
  const headers = ['No.', 'Item/Function', 'Potential Failure Mode', 'Effect(s)', 'SEV', 'CLASS', 'Cause(s)', 'Current Process/Design Controls - Prevention', 'OCC', 'Current Process/Design Controls - Detection', 'DET', 'R.P.N.', 'Recommended Actions', 'Responsibility', 'Target Date', 'Actions Taken', 'Completion Date', 'Sev', 'Occ', 'Det', 'RPN'];
  if (extra) headers.push(extra.header);
  if (extra?.unnamed) headers.push('');
  ws.addRow(headers);
  const date = (iso: string | undefined) => (iso ? new Date(`${iso}T00:00:00Z`) : null);
  sourceRows(responsible).forEach(({ first, mode: m, cause: c }, i) => {
    const a = c.action;
    const s = ratings(m);
    const row: Cell[] = [i + 1, first ? `${m.item}: ${m.fn}` : '', first ? m.mode : '', first ? m.effects.map((e) => e[0]).join('\n') : '', first ? s : '', first ? m.cls : '', c.cause, c.prevention.join('\n'), c.o, c.detection.join('\n'), c.d, rpn(s, c.o, c.d), a?.text ?? '', a?.who ?? '', date(a?.target), a?.taken ?? '', date(a?.done), a?.ra?.[0] ?? null, a?.ra?.[1] ?? null, a?.ra?.[2] ?? null, a?.ra ? rpn(...a.ra) : null];
    if (extra) row.push(extra.value(i));
    if (extra?.unnamed) row.push(i === 0 ? 'x' : null);
    ws.addRow(row);
  });
  return bytes(wb);
}

const CLASS_OF = { YC: 'critical', SC: 'significant' } as const;

/**
 * What the chain sheet of an export must hold for the source: every
 * function with its requirement, effect with S, class, cause with its O, D
 * and controls, and action with responsible, dates, status, action taken
 * and re-rating. `withRequirements` false for sheets that carry none;
 * `responsible` the user name the sheet was given.
 */
export function legacyFacts(source: readonly SourceMode[] = LEGACY_SOURCE, withRequirements = true, responsible = LEGACY_RESPONSIBLE): ChainFacts {
  const facts: ChainFacts = { functions: [], effects: [], classes: [], causes: [], actions: [] };
  for (const m of source) {
    facts.functions.push(`${m.item} | ${m.fn} | ${withRequirements ? m.req : ''}`);
    for (const [effect, s] of m.effects) facts.effects.push(`${m.mode} | ${effect} | S${s}`);
    // the class marks its failure mode: only that mode's chains show it (not the next mode of the same function)
    if (m.cls) facts.classes.push(`${m.item} | ${m.fn} | ${m.mode} | ${m.cls} [${CLASS_OF[m.cls]}*]`);
    for (const c of m.causes) {
      facts.causes.push(`${m.mode} | ${c.cause} | O${c.o} D${c.d} | P: ${c.prevention.join(' + ')} | D: ${c.detection.join(' + ')}`);
      const a = c.action;
      if (!a) continue;
      const user = a.who === LEGACY_RESPONSIBLE;
      const status = a.taken ? 'completed' : 'open';
      facts.actions.push(`${c.cause} | ${user ? a.text : `${a.text} (${a.who})`} | ${user ? responsible : ''} | ${a.target} | ${status} | ${a.taken ?? ''} | ${a.done ?? ''} | ${a.ra?.join('/') ?? '//'}`);
    }
  }
  return sortFacts(facts);
}

/** The chain sheet's identifiers the facts below are read by, where the key differs. */
const NAMES: Record<string, string> = { S: 'severity', O: 'occurrence', D: 'detection' };

export interface ChainFacts {
  functions: string[];
  effects: string[];
  classes: string[];
  causes: string[];
  actions: string[];
}

const sortFacts = (f: ChainFacts): ChainFacts => Object.fromEntries(Object.entries(f).map(([k, v]) => [k, [...new Set(v as string[])].sort()])) as unknown as ChainFacts;

/** The same facts read from the chain sheet of an export (headers in row 1, one chain per row), its headers and codes read as the import reads them (either language). */
export function chainFacts(rows: readonly (readonly string[])[]): ChainFacts {
  const [head, ...data] = rows;
  const columns = readableColumns('chain', PFMEA_FLAT_COLUMNS);
  const keyOf = (header: string) => columns.find((c) => c.headers.some((h) => normHeader(h) === normHeader(header)))?.key;
  const keys = head!.map((h) => keyOf(h ?? ''));
  const facts: ChainFacts = { functions: [], effects: [], classes: [], causes: [], actions: [] };
  for (const r of data) {
    const coded = chainCodes(Object.fromEntries(keys.map((k, i) => [k ?? `#${i}`, r[i] ?? ''])) as Record<string, string>);
    const v = (name: string) => coded[NAMES[name] ?? name] ?? '';
    facts.functions.push(`${v('element')} | ${v('function')} | ${v('requirement')}`);
    if (v('effect')) facts.effects.push(`${v('mode')} | ${v('effect')} | S${v('S')}`);
    for (const c of v('modeCharacteristics').split('\n').filter(Boolean)) facts.classes.push(`${v('element')} | ${v('function')} | ${v('mode')} | ${c}`);
    if (v('cause')) facts.causes.push(`${v('mode')} | ${v('cause')} | O${v('O')} D${v('D')} | P: ${v('preventionControls').split('\n').join(' + ')} | D: ${v('detectionControls').split('\n').join(' + ')}`);
    const list = (name: string) => v(name).split('\n');
    list('actions').forEach((text, i) => {
      if (!text) return;
      const ra = [list('actionRaSeverity')[i], list('actionRaOccurrence')[i], list('actionRaDetection')[i]].map((x) => x ?? '').join('/');
      facts.actions.push(`${v('cause')} | ${text} | ${list('actionResponsible')[i] ?? ''} | ${list('actionTargetDates')[i] ?? ''} | ${list('actionStatuses')[i] ?? ''} | ${list('actionsTaken')[i] ?? ''} | ${list('actionCompletionDates')[i] ?? ''} | ${ra}`);
    });
  }
  return sortFacts(facts);
}
