import { defineCatalogType, type CatalogEnumField, type CatalogText } from '../define.ts';
import { describedBy, productType, rating } from './shared.ts';

/**
 * Knowledge types beyond the first ten (spec 001 §1–§3): the FMEA-MSR
 * measures, the PFMEA building blocks (process steps, their functions, work
 * elements with their functions and failures), product and process
 * characteristics, failure base terms and characteristic classifications.
 * Routes, table keys and prefixes are the spec's where it gives them; the
 * rest are noted in docs/domain/catalog.md.
 */

/** The work element categories of AIAG-VDA PFMEA (4M, with method, measurement and environment: 6M). */
export const PROCESS_ELEMENT_TYPES = ['man', 'machine', 'material', 'method', 'measurement', 'environment'] as const;
/** The Chinese names are the 人机料法测环 of the 6M. */
export const PROCESS_ELEMENT_TYPE_LABELS = {
  man: { 'zh-CN': '人员', 'en-US': 'Man' },
  machine: { 'zh-CN': '设备', 'en-US': 'Machine' },
  material: { 'zh-CN': '材料', 'en-US': 'Material' },
  method: { 'zh-CN': '方法', 'en-US': 'Method' },
  measurement: { 'zh-CN': '测量', 'en-US': 'Measurement' },
  environment: { 'zh-CN': '环境', 'en-US': 'Environment' },
} as const satisfies Record<(typeof PROCESS_ELEMENT_TYPES)[number], CatalogText>;

/** Whether a characteristic class follows the S/O/D ratings ('1'), or not ('0', the spec's "not related"). */
const YES_NO_LABELS = {
  '0': { 'zh-CN': '否', 'en-US': 'No' },
  '1': { 'zh-CN': '是', 'en-US': 'Yes' },
} as const satisfies Record<string, CatalogText>;

const elementType = (): CatalogEnumField => ({
  key: 'elementType',
  kind: 'enum',
  values: PROCESS_ELEMENT_TYPES,
  labels: PROCESS_ELEMENT_TYPE_LABELS,
  header: { 'zh-CN': '要素类型', 'en-US': 'Element type' },
});

const measureNumber = { serialField: 'measureNum', serialHeader: { 'zh-CN': '措施编号', 'en-US': 'Measure number' } } as const;
const measureText = () => describedBy('measureDesc', 'enMeasureDesc', '措施描述', 'Measure description');

export const frequencyMeasureCatalog = defineCatalogType({
  id: 'frequencyMeasure',
  route: 'frequencymeasure_index',
  area: 'knowledge',
  tableKey: 'frequency_measure',
  ...measureNumber,
  numbering: { module: 'frequencyMeasure', prefix: 'FQ' },
  title: { 'zh-CN': '频率措施', 'en-US': 'Frequency measure' },
  fields: [...measureText(), rating('frequency', '频率', 'Frequency'), productType()],
  unique: [['measureDesc']],
});

export const monitorMeasureCatalog = defineCatalogType({
  id: 'monitorMeasure',
  route: 'monitormeasure_index',
  area: 'knowledge',
  tableKey: 'monitor_measure',
  ...measureNumber,
  numbering: { module: 'monitorMeasure', prefix: 'MO' },
  title: { 'zh-CN': '监视措施', 'en-US': 'Monitoring measure' },
  fields: [...measureText(), rating('monitoring', '监视度', 'Monitoring'), productType()],
  unique: [['measureDesc']],
});

/** The system response of FMEA-MSR has no rating of its own (AIAG-VDA rates frequency and monitoring). */
export const responseMeasureCatalog = defineCatalogType({
  id: 'responseMeasure',
  route: 'responsemeasure_index',
  area: 'knowledge',
  tableKey: 'response_measure',
  ...measureNumber,
  numbering: { module: 'responseMeasure', prefix: 'RE' },
  title: { 'zh-CN': '响应措施', 'en-US': 'Response measure' },
  fields: [...measureText(), productType()],
  unique: [['measureDesc']],
});

export const processProcedureCatalog = defineCatalogType({
  id: 'processProcedure',
  route: 'processProcedure_index',
  area: 'knowledge',
  tableKey: 'knowledge_process_procedure',
  serialField: 'procedureNum',
  serialHeader: { 'zh-CN': '工序编号', 'en-US': 'Process step number' },
  numbering: { module: 'processProcedure', prefix: 'PP' },
  title: { 'zh-CN': '过程工序', 'en-US': 'Process step' },
  fields: [
    ...describedBy('procedureName', 'enProcedureName', '工序名称', 'Process step name'),
    { key: 'procedureDesc', kind: 'text', header: { 'zh-CN': '工序说明', 'en-US': 'Process step notes' } },
    productType(),
  ],
  unique: [['procedureName']],
});

export const procedureFunctionCatalog = defineCatalogType({
  id: 'procedureFunction',
  route: 'procedureFunction_index',
  area: 'knowledge',
  tableKey: 'knowledge_procedure_function',
  serialField: 'functionNum',
  serialHeader: { 'zh-CN': '功能编号', 'en-US': 'Function number' },
  numbering: { module: 'procedureFunction', prefix: 'PF' },
  title: { 'zh-CN': '工序功能', 'en-US': 'Process step function' },
  fields: [
    ...describedBy('functionDesc', 'enFunctionDesc', '功能描述', 'Function description'),
    { key: 'requirement', kind: 'text', header: { 'zh-CN': '要求', 'en-US': 'Requirement' } },
    productType(),
  ],
  unique: [['functionDesc']],
});

export const procedureElementCatalog = defineCatalogType({
  id: 'procedureElement',
  route: 'procedureElement_index',
  area: 'knowledge',
  tableKey: 'knowledge_procedure_element',
  serialField: 'elementNum',
  serialHeader: { 'zh-CN': '要素编号', 'en-US': 'Element number' },
  numbering: { module: 'processElement', prefix: 'PE' },
  title: { 'zh-CN': '过程要素', 'en-US': 'Process work element' },
  fields: [...describedBy('elementName', 'enElementName', '要素名称', 'Work element name'), elementType(), productType()],
  // the same name may be a machine and a measurement (a gauge): unique with its type
  unique: [['elementName', 'elementType']],
});

export const elementFunctionCatalog = defineCatalogType({
  id: 'elementFunction',
  route: 'elementFunction_index',
  area: 'knowledge',
  tableKey: 'knowledge_element_function',
  serialField: 'functionNum',
  serialHeader: { 'zh-CN': '功能编号', 'en-US': 'Function number' },
  numbering: { module: 'elementFunction', prefix: 'EF' },
  title: { 'zh-CN': '要素功能', 'en-US': 'Work element function' },
  fields: [...describedBy('functionDesc', 'enFunctionDesc', '功能描述', 'Function description'), elementType(), productType()],
  unique: [['functionDesc']],
});

export const elementInvalidCatalog = defineCatalogType({
  id: 'elementInvalid',
  route: 'elementInvalid_index',
  area: 'knowledge',
  tableKey: 'knowledge_element_invalid',
  serialField: 'invalidmodeNum',
  serialHeader: { 'zh-CN': '失效编号', 'en-US': 'Failure number' },
  numbering: { module: 'elementFailure', prefix: 'EI' },
  title: { 'zh-CN': '要素失效', 'en-US': 'Work element failure' },
  fields: [...describedBy('invalidmode', 'enInvalidMode', '失效描述', 'Failure description'), elementType(), productType()],
  unique: [['invalidmode']],
});

export const productFeatureCategoryCatalog = defineCatalogType({
  id: 'productFeatureCategory',
  route: 'product_feature_index',
  area: 'knowledge',
  tableKey: 'product_feature_category',
  serialField: 'productFeatureNum',
  serialHeader: { 'zh-CN': '产品特性编号', 'en-US': 'Product characteristic number' },
  numbering: { module: 'productFeatureCategory', prefix: 'PD' },
  title: { 'zh-CN': '产品特性', 'en-US': 'Product characteristic' },
  fields: [
    ...describedBy('featureExplain', 'enFeature', '特性描述', 'Characteristic description'),
    {
      key: 'productCategoryName',
      kind: 'text',
      column: 'category',
      references: { type: 'productCategory', field: 'categoryName' },
      header: { 'zh-CN': '产品类别', 'en-US': 'Product category' },
    },
    productType(),
  ],
  unique: [['featureExplain']],
});

export const processFeatureCategoryCatalog = defineCatalogType({
  id: 'processFeatureCategory',
  route: 'process_feature_index',
  area: 'knowledge',
  tableKey: 'process_feature_category',
  serialField: 'processFeatureNum',
  serialHeader: { 'zh-CN': '过程特性编号', 'en-US': 'Process characteristic number' },
  numbering: { module: 'processFeatureCategory', prefix: 'PC' },
  title: { 'zh-CN': '过程特性', 'en-US': 'Process characteristic' },
  fields: [
    ...describedBy('featureExplain', 'enFeature', '特性描述', 'Characteristic description'),
    { key: 'processCategoryName', kind: 'text', column: 'category', header: { 'zh-CN': '过程类别', 'en-US': 'Process category' } },
    productType(),
  ],
  unique: [['featureExplain']],
});

export const failureBasicTerminologyCatalog = defineCatalogType({
  id: 'failureBasicTerminology',
  route: 'basicTerminologyOfFailure_index',
  area: 'knowledge',
  tableKey: 'failure_basic_terminology',
  serialField: 'terminologyNum',
  serialHeader: { 'zh-CN': '术语编号', 'en-US': 'Term number' },
  numbering: { module: 'failureTerminology', prefix: 'BT' },
  title: { 'zh-CN': '失效基础术语', 'en-US': 'Failure base term' },
  fields: [
    ...describedBy('terminology', 'enTerminology', '术语', 'Term'),
    { key: 'definition', kind: 'text', header: { 'zh-CN': '定义', 'en-US': 'Definition' } },
    { key: 'termCategory', kind: 'text', column: 'category', header: { 'zh-CN': '术语类别', 'en-US': 'Term category' } },
    productType(),
  ],
  unique: [['terminology']],
});

/**
 * Characteristic classifications (spec 001 §3 "Feature classification":
 * category, priority, customer, isRelateSod): a customer's classes (CC, SC,
 * …) or the general ones (no customer). Priorities do not repeat within a
 * customer (§5); where classes compete the smallest priority wins (§9,
 * `winningClassification`).
 */
export const featureClassificationCatalog = defineCatalogType({
  id: 'featureClassification',
  entity: 'featureClassify',
  route: 'feature_classify_index',
  area: 'knowledge',
  tableKey: 'feature_classify',
  serialField: 'classifyNum',
  serialHeader: { 'zh-CN': '分类编号', 'en-US': 'Classification number' },
  numbering: { module: 'featureClassification', prefix: 'FC' },
  title: { 'zh-CN': '特性分类', 'en-US': 'Characteristic classification' },
  fields: [
    ...describedBy('category', 'enCategory', '特性分类', 'Characteristic class'),
    { key: 'priority', kind: 'number', integer: true, min: 1, required: true, header: { 'zh-CN': '优先级', 'en-US': 'Priority' } },
    { key: 'customer', kind: 'text', references: { type: 'customer', field: 'customerName' }, header: { 'zh-CN': '客户', 'en-US': 'Customer' } },
    // '1': the class follows the S/O/D ratings; '0' (the spec's "not related") or empty: it does not
    { key: 'isRelateSod', kind: 'enum', values: ['0', '1'], labels: YES_NO_LABELS, header: { 'zh-CN': '关联SOD', 'en-US': 'Related to S/O/D' } },
  ],
  unique: [
    ['customer', 'category'],
    ['customer', 'priority'],
  ],
});

/** Of the classifications that apply to a characteristic, the one that wins: the smallest priority (spec 001 §9). */
export function winningClassification<T extends { readonly priority: number | null }>(candidates: readonly T[]): T | undefined {
  let best: T | undefined;
  for (const c of candidates) if (c.priority !== null && (best === undefined || c.priority < best.priority!)) best = c;
  return best;
}
