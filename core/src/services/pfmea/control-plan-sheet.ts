import {
  CONTROL_PLAN_COLUMNS,
  CONTROL_PLAN_HEADER_FIELDS,
  CONTROL_PLAN_PHASES,
  columnGroupLabelKey,
  columnLabelKey,
  headerLabelKey,
  phaseLabelKey,
  type ControlPlanColumnKey,
  type ControlPlanHeaderField,
} from '../../domain/pfmea/index.ts';
import { LOCALES, translate, type Locale } from '../../i18n/index.ts';
import type { HeaderColumn, HeaderOptions } from '../fmea/excel/headers.ts';
import { normHeader } from '../shared/sheet-columns.ts';

/**
 * How a control plan workbook's cells are named, in either language: the
 * body columns (our labels, the AIAG form's and common plant spellings), the
 * group headings above them, the header block's labels, the title and the
 * phase line. The export writes the first spelling; the import reads any.
 */

/** A label in the workbook: the reader's language, or both ("零件/过程编号\nPart/Process Number"). */
export function workbookLabel(key: string, locale: Locale, bilingual: boolean): string {
  if (!bilingual) return translate(locale, key);
  const [zh, en] = [translate('zh-CN', key), translate('en-US', key)];
  return zh === en ? zh : `${zh}\n${en}`;
}

const bothLanguages = (key: string) => LOCALES.map((l) => translate(l, key));
const withBilingual = (key: string) => [...bothLanguages(key), workbookLabel(key, 'zh-CN', true)];

/** Spellings of the columns beyond our labels (AIAG's own, abbreviations, plants' Chinese forms). */
const ALIASES: Record<ControlPlanColumnKey, readonly string[]> = {
  processNo: ['Part/Process No.', 'Process Number', 'Process No.', 'Operation No.', 'Op. No.', 'OP No.', '过程编号', '工序号', '工序编号', '工位号'],
  processName: ['Process Name', 'Operation Description', 'Process Name / Operation', '过程名称', '工序名称', '操作描述', '工序内容'],
  machine: ['Machine, Device, Jig, Tools for Manufacturing', 'Machine/Device/Jig/Tools', 'Machine', 'Equipment', 'Tooling', '生产设备', '机器、装置、夹具、工装', '设备/工装', '设备'],
  characteristicNo: ['Characteristics No.', 'Char. No.', 'Characteristic No.', '特性编号', '特性序号'],
  productCharacteristic: ['Product Characteristic', 'Characteristics Product', '产品特性', '特性产品'],
  processCharacteristic: ['Process Characteristic', 'Characteristics Process', '过程特性', '特性过程'],
  specialClass: ['Special Characteristic Class', 'Special Char. Class.', 'Special Class', 'Class', 'Special Characteristic', '特殊特性', '特性分类', '分类'],
  specification: ['Specification/Tolerance', 'Product/Process Specification', 'Specification', 'Tolerance', 'Methods Product/Process Specification/Tolerance', '规范/公差', '产品/过程规范', '技术要求', '规格'],
  evaluationTechnique: ['Evaluation Measurement Technique', 'Measurement Technique', 'Evaluation Technique', 'Measurement Method', '评价测量技术', '测量技术', '测量方法', '检测方法', '量具'],
  sampleSize: ['Sample Size', 'Size', 'Sample / Size', '样本容量', '样本大小', '容量', '抽样数量'],
  sampleFrequency: ['Sample Frequency', 'Sample Freq', 'Frequency', 'Freq.', 'Sample / Freq.', '样本频率', '频率', '抽样频率'],
  controlMethod: ['Control Method', 'Control Methods', '控制方法'],
  reactionPlan: ['Reaction Plan', 'Reaction Plan and Corrective Action', '反应计划'],
};

/** The body columns as the header matcher reads them (every column optional: what a file lacks is checked after). */
export function controlPlanSheetColumns(): HeaderColumn<ControlPlanColumnKey>[] {
  return CONTROL_PLAN_COLUMNS.map((c) => ({ key: c.key, headers: [...withBilingual(columnLabelKey(c.key)), ...ALIASES[c.key]] }));
}

/** "Sample" over Size and Freq., and the form's groups over their columns, read as the column below them. */
export const CONTROL_PLAN_PATTERNS: readonly (readonly [RegExp, ControlPlanColumnKey])[] = [
  [/^(characteristics?|特性)(no|number|编号|序号)$/, 'characteristicNo'],
  [/^(characteristics?|特性)product$|^(特性)?产品$/, 'productCharacteristic'],
  [/^(characteristics?|特性)process$|^(特性)?过程$/, 'processCharacteristic'],
  [/^(methods?|方法)?(sample|样本)(size|容量)$/, 'sampleSize'],
  [/^(methods?|方法)?(sample|样本)(freq|frequency|频率)$/, 'sampleFrequency'],
  [/^(methods?|方法)?(productprocess)?specification/, 'specification'],
  [/^(methods?|方法)?(evaluation)?measurement/, 'evaluationTechnique'],
  [/^(methods?|方法)?controlmethods?$/, 'controlMethod'],
];

/** The header block's labels, normalised, in either language and both together. */
const headerLabels = (): Map<string, ControlPlanHeaderField> => {
  const out = new Map<string, ControlPlanHeaderField>();
  for (const field of CONTROL_PLAN_HEADER_FIELDS) for (const text of withBilingual(headerLabelKey(field))) out.set(normHeader(text), field);
  // the AIAG form's combined labels: their first field takes the value
  for (const [text, field] of [
    ['Part Number/Latest Change Level', 'partNumber'],
    ['零件号/最新更改等级', 'partNumber'],
    ['Key Contact/Phone', 'keyContact'],
    ['主要联系人/电话', 'keyContact'],
    ['Supplier/Plant', 'organization'],
    ['供应商/工厂', 'organization'],
    ['Supplier Code', 'supplierCode'],
    ['供应商代码', 'supplierCode'],
    ['Supplier/Plant Approval/Date', 'organizationApproval'],
    ['Organization/Plant Approval/Date', 'organizationApproval'],
    ["Customer Engineering Approval/Date (If Req'd)", 'customerEngineeringApproval'],
    ["Customer Quality Approval/Date (If Req'd)", 'customerQualityApproval'],
    ["Other Approval/Date (If Req'd)", 'otherApproval'],
    ['Control Plan No.', 'controlPlanNumber'],
    ['Date (Original)', 'originalDate'],
    ['Date (Revised)', 'revisionDate'],
  ] as const) {
    out.set(normHeader(text), field);
  }
  return out;
};
let labels: Map<string, ControlPlanHeaderField> | undefined;

/** The header field a label cell names ("Part Number:" and "零件号：" alike), or undefined. */
export function headerFieldOf(text: string): ControlPlanHeaderField | undefined {
  labels ??= headerLabels();
  return labels.get(normHeader(text));
}

/** The form's title in either language. */
export const isTitle = (text: string): boolean => bothLanguages('controlPlan.title').some((t) => normHeader(t) === normHeader(text)) || normHeader(text) === normHeader('控制计划 Control Plan');

/** The phase line: every word of it a phase name or a box (☐ ☒ □ ■ ✓ X). */
export function isPhaseLine(text: string): boolean {
  const names = CONTROL_PLAN_PHASES.flatMap((p) => bothLanguages(phaseLabelKey(p)).map(normHeader));
  const rest = names.sort((a, b) => b.length - a.length).reduce((left, name) => left.split(name).join(''), normHeader(text.replace(/[☐☒□■✓✔xX]/g, '')));
  return rest === '' && normHeader(text) !== '';
}

/** A label of the stamp row (docs/domain/fmea-baselines.md: the PFMEA version and content hash the plan was exported with): not data, nor is its value. */
export const isStampLabel = (text: string): boolean =>
  [...withBilingual('fmeaBaseline.stamp.baseline'), ...withBilingual('fmeaBaseline.stamp.hash')].some((t) => normHeader(t) === normHeader(text));

/** A group heading of the body ("Characteristics", "Methods", "Sample"): not data above the table. */
export const isGroupHeading = (text: string): boolean =>
  [...bothLanguages(columnGroupLabelKey('characteristics')), ...bothLanguages(columnGroupLabelKey('methods')), 'Sample', '样本'].some((t) => normHeader(t) === normHeader(text));

export const CONTROL_PLAN_HEADER_OPTIONS: HeaderOptions<ControlPlanColumnKey> = {
  patterns: CONTROL_PLAN_PATTERNS,
  notHeader: (text) => headerFieldOf(text) !== undefined || isTitle(text) || isPhaseLine(text) || isStampLabel(text),
  within: 30,
};
