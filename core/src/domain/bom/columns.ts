/**
 * The columns of a BOM sheet (spec 001 §3 BOM; §5 "Quantity required,
 * numeric"): where a part sits (its level, or its parent's part number),
 * then the part. Headers are read in either language and a few common
 * spellings; the first of each language is written on export.
 */
export const BOM_COLUMN_KEYS = ['level', 'parentPartNum', 'partNum', 'partName', 'enPartName', 'quantity', 'unit'] as const;
export type BomColumnKey = (typeof BOM_COLUMN_KEYS)[number];

export interface BomColumn {
  readonly key: BomColumnKey;
  readonly header: { readonly 'zh-CN': string; readonly 'en-US': string };
  /** Further header texts accepted on import. */
  readonly aliases: readonly string[];
  readonly required: boolean;
  readonly width: number;
}

export const BOM_COLUMNS: readonly BomColumn[] = [
  { key: 'level', header: { 'zh-CN': '层级', 'en-US': 'Level' }, aliases: ['级别', 'BOM层级', 'BOM level'], required: false, width: 8 },
  { key: 'parentPartNum', header: { 'zh-CN': '父件编号', 'en-US': 'Parent part number' }, aliases: ['父项编号', '上级零件号', '父件号', 'Parent number', 'Parent'], required: false, width: 18 },
  { key: 'partNum', header: { 'zh-CN': '零件编号', 'en-US': 'Part number' }, aliases: ['物料编号', '零件号', '料号', 'Part No', 'Item number'], required: true, width: 18 },
  { key: 'partName', header: { 'zh-CN': '零件名称', 'en-US': 'Part name' }, aliases: ['物料名称', '名称', 'Name'], required: true, width: 24 },
  { key: 'enPartName', header: { 'zh-CN': '英文名称', 'en-US': 'English name' }, aliases: ['零件英文名称', 'Part name (English)'], required: false, width: 24 },
  { key: 'quantity', header: { 'zh-CN': '数量', 'en-US': 'Quantity' }, aliases: ['用量', 'Qty'], required: true, width: 10 },
  { key: 'unit', header: { 'zh-CN': '单位', 'en-US': 'Unit' }, aliases: ['UoM'], required: false, width: 8 },
];

/** Part numbers: one line, at most this long (the spec names no limit; product numbers take 50). */
export const PART_NUM_MAX = 50;
export const UNIT_MAX = 20;
export const QUANTITY_MAX = 1_000_000_000;
