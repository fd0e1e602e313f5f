import { defineCatalogType, type CatalogField, type CatalogText } from '../define.ts';
import { describedBy, productType } from './shared.ts';

/**
 * The standards area (spec 001 §2 `standard_index`: "standards (product,
 * process, material)"; §3 prefix GB for national standards; §7 imports
 * productStandard, processStandard, materialStandard). Each is a standard
 * code, unique, and a name; the kinds differ by how they are classified.
 * Standards are knowledge: the knowledge creator rule governs them.
 */

/** GB (mandatory), GB/T (recommended), GB/Z (guidance): the nature a Chinese national standard's code states. */
export const GB_STANDARD_NATURES = ['mandatory', 'recommended', 'guidance'] as const;
export const GB_STANDARD_NATURE_LABELS = {
  mandatory: { 'zh-CN': '强制性', 'en-US': 'Mandatory' },
  recommended: { 'zh-CN': '推荐性', 'en-US': 'Recommended' },
  guidance: { 'zh-CN': '指导性', 'en-US': 'Guidance' },
} as const satisfies Record<(typeof GB_STANDARD_NATURES)[number], CatalogText>;

const standardFields = (): CatalogField[] => [
  { key: 'standardCode', kind: 'code', max: 50, required: true, header: { 'zh-CN': '标准号', 'en-US': 'Standard code' } },
  ...describedBy('standardName', 'enStandardName', '标准名称', 'Standard name'),
];

export const gbStandardCatalog = defineCatalogType({
  id: 'gbStandard',
  route: 'gb_standard_index',
  area: 'knowledge',
  tableKey: 'gb_standard',
  serialField: 'gbStandardNum',
  serialHeader: { 'zh-CN': '国标编号', 'en-US': 'GB standard number' },
  numbering: { module: 'gbStandard', prefix: 'GB' },
  title: { 'zh-CN': '国家标准', 'en-US': 'National standard (GB)' },
  fields: [
    ...standardFields(),
    { key: 'standardNature', kind: 'enum', values: GB_STANDARD_NATURES, labels: GB_STANDARD_NATURE_LABELS, header: { 'zh-CN': '标准性质', 'en-US': 'Nature' } },
    productType(),
  ],
  unique: [['standardCode']],
});

export const productStandardCatalog = defineCatalogType({
  id: 'productStandard',
  route: 'product_standard_index',
  area: 'knowledge',
  tableKey: 'product_standard',
  serialField: 'productStandardNum',
  serialHeader: { 'zh-CN': '产品标准编号', 'en-US': 'Product standard number' },
  numbering: { module: 'productStandard', prefix: 'PDS' },
  title: { 'zh-CN': '产品标准', 'en-US': 'Product standard' },
  fields: [
    ...standardFields(),
    {
      key: 'productCategoryName',
      kind: 'text',
      column: 'category',
      references: { type: 'productCategory', field: 'categoryName' },
      header: { 'zh-CN': '产品类别', 'en-US': 'Product category' },
    },
    productType(),
  ],
  unique: [['standardCode']],
});

export const processStandardCatalog = defineCatalogType({
  id: 'processStandard',
  route: 'process_standard_index',
  area: 'knowledge',
  tableKey: 'process_standard',
  serialField: 'processStandardNum',
  serialHeader: { 'zh-CN': '工艺标准编号', 'en-US': 'Process standard number' },
  numbering: { module: 'processStandard', prefix: 'PCS' },
  title: { 'zh-CN': '工艺标准', 'en-US': 'Process standard' },
  fields: [
    ...standardFields(),
    { key: 'processCategoryName', kind: 'text', column: 'category', header: { 'zh-CN': '工艺类别', 'en-US': 'Process category' } },
    productType(),
  ],
  unique: [['standardCode']],
});

export const materialStandardCatalog = defineCatalogType({
  id: 'materialStandard',
  route: 'material_standard_index',
  area: 'knowledge',
  tableKey: 'material_standard',
  serialField: 'materialStandardNum',
  serialHeader: { 'zh-CN': '材料标准编号', 'en-US': 'Material standard number' },
  numbering: { module: 'materialStandard', prefix: 'MTS' },
  title: { 'zh-CN': '材料标准', 'en-US': 'Material standard' },
  fields: [
    ...standardFields(),
    { key: 'materialGrade', kind: 'code', max: 50, header: { 'zh-CN': '材料牌号', 'en-US': 'Material grade' } },
    { key: 'materialCategory', kind: 'text', column: 'category', header: { 'zh-CN': '材料类别', 'en-US': 'Material category' } },
    productType(),
  ],
  unique: [['standardCode']],
});
