import { defineCatalogType, type CatalogText, type CatalogTypeDefinition } from './define.ts';
import { checkCatalogReferences } from './references.ts';
import {
  elementFunctionCatalog,
  elementInvalidCatalog,
  failureBasicTerminologyCatalog,
  featureClassificationCatalog,
  frequencyMeasureCatalog,
  monitorMeasureCatalog,
  procedureElementCatalog,
  procedureFunctionCatalog,
  processFeatureCategoryCatalog,
  processProcedureCatalog,
  productFeatureCategoryCatalog,
  responseMeasureCatalog,
} from './types/knowledge.ts';
import { customerCatalog, customerRequirementCatalog, productCategoryCatalog, productClassificationCatalog, requirementCatalog } from './types/master-data.ts';
import { productType } from './types/shared.ts';
import { gbStandardCatalog, materialStandardCatalog, processStandardCatalog, productStandardCatalog } from './types/standards.ts';

/**
 * The declared catalog types. Each is data only: route, creator-rule area,
 * numbering, fields with their kinds, rules and sheet headers, and unique
 * rules. Spec 001 §3 names the prefixes, table keys and serial columns; §5
 * the required and unique rules; where it is silent the choice is noted
 * in docs/domain/catalog.md.
 */

/** Failure-mode use types (spec 001 §3, "Invalid-use types"): what a failure description may serve as in an FMEA. */
export const INVALID_USE_TYPES = ['invalidmode', 'invalidreason', 'invalidresult'] as const;
export const INVALID_USE_TYPE_LABELS = {
  invalidmode: { 'zh-CN': '失效模式', 'en-US': 'Failure mode' },
  invalidreason: { 'zh-CN': '失效原因', 'en-US': 'Failure cause' },
  invalidresult: { 'zh-CN': '失效影响', 'en-US': 'Failure effect' },
} as const satisfies Record<(typeof INVALID_USE_TYPES)[number], CatalogText>;

/** Experience problem types (spec 001 §3). */
export const EXPERIENCE_PROBLEM_TYPES = ['designProblem', 'produceProblem', 'equipmentProblem'] as const;
export const EXPERIENCE_PROBLEM_TYPE_LABELS = {
  designProblem: { 'zh-CN': '设计问题', 'en-US': 'Design problem' },
  produceProblem: { 'zh-CN': '生产问题', 'en-US': 'Production problem' },
  equipmentProblem: { 'zh-CN': '设备问题', 'en-US': 'Equipment problem' },
} as const satisfies Record<(typeof EXPERIENCE_PROBLEM_TYPES)[number], CatalogText>;

/** Standard kinds (spec 001 §2, "standards (product, process, material)"). */
export const TECHNICAL_STANDARD_KINDS = ['product', 'process', 'material'] as const;
export const TECHNICAL_STANDARD_KIND_LABELS = {
  product: { 'zh-CN': '产品标准', 'en-US': 'Product standard' },
  process: { 'zh-CN': '工艺标准', 'en-US': 'Process standard' },
  material: { 'zh-CN': '材料标准', 'en-US': 'Material standard' },
} as const satisfies Record<(typeof TECHNICAL_STANDARD_KINDS)[number], CatalogText>;

export const functionCatalog = defineCatalogType({
  id: 'function',
  route: 'function_index',
  area: 'knowledge',
  tableKey: 'function',
  serialField: 'functionNum',
  serialHeader: { 'zh-CN': '功能编号', 'en-US': 'Function number' },
  numbering: { module: 'function', prefix: 'FU' },
  title: { 'zh-CN': '功能', 'en-US': 'Function' },
  fields: [
    { key: 'functionDesc', kind: 'text', column: 'text', required: true, header: { 'zh-CN': '功能描述', 'en-US': 'Function description' } },
    { key: 'enFunctionDesc', kind: 'enText', of: 'functionDesc', column: 'enText', header: { 'zh-CN': '英文功能描述', 'en-US': 'Function description (English)' } },
    { key: 'functionType', kind: 'dictionary', dictionary: 'functionType', header: { 'zh-CN': '功能类型', 'en-US': 'Function type' } },
    { key: 'requirement', kind: 'text', header: { 'zh-CN': '要求', 'en-US': 'Requirement' } },
    productType(),
  ],
  unique: [['functionDesc']],
});

export const invalidModeCatalog = defineCatalogType({
  id: 'invalidMode',
  route: 'invalid_index',
  area: 'knowledge',
  tableKey: 'invalidmode',
  serialField: 'invalidmodeNum',
  serialHeader: { 'zh-CN': '失效编号', 'en-US': 'Failure number' },
  numbering: { module: 'failureMode', prefix: 'FA' },
  title: { 'zh-CN': '失效模式', 'en-US': 'Failure mode' },
  fields: [
    { key: 'invalidmode', kind: 'text', column: 'text', required: true, header: { 'zh-CN': '失效描述', 'en-US': 'Failure description' } },
    { key: 'enInvalidMode', kind: 'enText', of: 'invalidmode', column: 'enText', header: { 'zh-CN': '英文失效描述', 'en-US': 'Failure description (English)' } },
    {
      key: 'invalidUseType',
      kind: 'enum',
      values: INVALID_USE_TYPES,
      labels: INVALID_USE_TYPE_LABELS,
      multiple: true,
      requiredBy: 'failureToUseRequired',
      header: { 'zh-CN': '失效使用类型', 'en-US': 'Failure use type' },
    },
    { key: 'invalidType', kind: 'code', header: { 'zh-CN': '失效类型', 'en-US': 'Failure type' } },
    { key: 'failureClass', kind: 'code', header: { 'zh-CN': '失效类别', 'en-US': 'Failure class' } },
    { key: 'applicableObject', kind: 'text', header: { 'zh-CN': '适用对象', 'en-US': 'Applicable object' } },
    { key: 'standardCode', kind: 'code', max: 50, header: { 'zh-CN': '标准代码', 'en-US': 'Standard code' } },
    { key: 'processCode', kind: 'code', max: 50, header: { 'zh-CN': '过程代码', 'en-US': 'Process code' } },
    productType(),
    { key: 'rejectRatio', kind: 'number', min: 0, max: 1, header: { 'zh-CN': '不良比例', 'en-US': 'Reject ratio' } },
    { key: 'severity', kind: 'number', integer: true, min: 1, max: 10, header: { 'zh-CN': '严重度', 'en-US': 'Severity' } },
    { key: 'occurrence', kind: 'number', integer: true, min: 1, max: 10, header: { 'zh-CN': '频度', 'en-US': 'Occurrence' } },
  ],
  unique: [['invalidmode']],
});

export const preventionMeasureCatalog = defineCatalogType({
  id: 'preventionMeasure',
  entity: 'occMeasure',
  route: 'occmeasure_index',
  area: 'knowledge',
  tableKey: 'occ_measure',
  serialField: 'measureNum',
  serialHeader: { 'zh-CN': '措施编号', 'en-US': 'Measure number' },
  numbering: { module: 'preventionMeasure', prefix: 'PR' },
  title: { 'zh-CN': '预防措施', 'en-US': 'Prevention measure' },
  fields: [
    { key: 'measureDesc', kind: 'text', column: 'text', required: true, header: { 'zh-CN': '措施描述', 'en-US': 'Measure description' } },
    { key: 'enMeasureDesc', kind: 'enText', of: 'measureDesc', column: 'enText', header: { 'zh-CN': '英文措施描述', 'en-US': 'Measure description (English)' } },
    { key: 'occurrence', kind: 'number', integer: true, min: 1, max: 10, header: { 'zh-CN': '频度', 'en-US': 'Occurrence' } },
    productType(),
  ],
  unique: [['measureDesc']],
});

export const detectionMeasureCatalog = defineCatalogType({
  id: 'detectionMeasure',
  entity: 'detMeasure',
  route: 'detmeasure_index',
  area: 'knowledge',
  tableKey: 'det_measure',
  serialField: 'measureNum',
  serialHeader: { 'zh-CN': '措施编号', 'en-US': 'Measure number' },
  numbering: { module: 'detectionMeasure', prefix: 'DE' },
  title: { 'zh-CN': '探测措施', 'en-US': 'Detection measure' },
  fields: [
    { key: 'measureDesc', kind: 'text', column: 'text', required: true, header: { 'zh-CN': '措施描述', 'en-US': 'Measure description' } },
    { key: 'enMeasureDesc', kind: 'enText', of: 'measureDesc', column: 'enText', header: { 'zh-CN': '英文措施描述', 'en-US': 'Measure description (English)' } },
    { key: 'detection', kind: 'number', integer: true, min: 1, max: 10, header: { 'zh-CN': '探测度', 'en-US': 'Detection' } },
    productType(),
  ],
  unique: [['measureDesc']],
});

export const interfaceDescriptionCatalog = defineCatalogType({
  id: 'interfaceDescription',
  route: 'interfacedesc_index',
  area: 'knowledge',
  tableKey: 'interface_describe',
  serialField: 'interfaceDescribeNum',
  serialHeader: { 'zh-CN': '接口编号', 'en-US': 'Interface number' },
  numbering: { module: 'interfaceDescription', prefix: 'IF' },
  title: { 'zh-CN': '接口描述', 'en-US': 'Interface description' },
  fields: [
    { key: 'interfaceDescribe', kind: 'text', column: 'text', required: true, header: { 'zh-CN': '接口描述', 'en-US': 'Interface description' } },
    {
      key: 'enInterfaceDescribe',
      kind: 'enText',
      of: 'interfaceDescribe',
      column: 'enText',
      header: { 'zh-CN': '英文接口描述', 'en-US': 'Interface description (English)' },
    },
    { key: 'interfaceType', kind: 'dictionary', dictionary: 'interfaceType', required: true, header: { 'zh-CN': '接口类型', 'en-US': 'Interface type' } },
    productType(),
  ],
  unique: [['interfaceDescribe']],
});

export const hardwareResourceCatalog = defineCatalogType({
  id: 'hardwareResource',
  entity: 'hardwareRepository',
  route: 'hardware_repository_index',
  area: 'knowledge',
  tableKey: 'hardware_repository',
  serialField: 'resourceNum',
  serialHeader: { 'zh-CN': '资源编号', 'en-US': 'Resource number' },
  numbering: { module: 'hardware', prefix: 'HR' },
  title: { 'zh-CN': '硬件资源', 'en-US': 'Hardware resource' },
  fields: [
    { key: 'hardwareNumber', kind: 'code', required: true, header: { 'zh-CN': '硬件编号', 'en-US': 'Hardware number' } },
    { key: 'hardwareName', kind: 'text', column: 'text', required: true, header: { 'zh-CN': '硬件名称', 'en-US': 'Hardware name' } },
    { key: 'enHardwareName', kind: 'enText', of: 'hardwareName', column: 'enText', header: { 'zh-CN': '英文硬件名称', 'en-US': 'Hardware name (English)' } },
    { key: 'specification', kind: 'text', header: { 'zh-CN': '规格型号', 'en-US': 'Specification' } },
    { key: 'supplier', kind: 'text', header: { 'zh-CN': '供应商', 'en-US': 'Supplier' } },
    // issue 23: what an FMEDA row is filled from — λ in FIT and the modes' shares ("open: 30; short: 70", domain/fmeda/catalog.ts)
    { key: 'failureRateFit', kind: 'number', min: 0, header: { 'zh-CN': '失效率 (FIT)', 'en-US': 'Failure rate (FIT)' } },
    { key: 'failureModes', kind: 'text', max: 1000, header: { 'zh-CN': '失效模式分布 (%)', 'en-US': 'Failure mode distribution (%)' } },
    productType(),
  ],
  // spec 001 §5: "Duplicate refused for resource number/name" — each on its own
  unique: [['hardwareNumber'], ['hardwareName']],
});

export const technicalStandardCatalog = defineCatalogType({
  id: 'technicalStandard',
  route: 'technical_standard_index',
  area: 'knowledge',
  tableKey: 'knowledge_technical_standard',
  serialField: 'technicalStandardNum',
  serialHeader: { 'zh-CN': '技术标准编号', 'en-US': 'Technical standard number' },
  numbering: { module: 'technicalStandard', prefix: 'TS' },
  title: { 'zh-CN': '技术标准', 'en-US': 'Technical standard' },
  fields: [
    { key: 'standardCode', kind: 'code', max: 50, required: true, header: { 'zh-CN': '标准号', 'en-US': 'Standard code' } },
    { key: 'standardName', kind: 'text', column: 'text', required: true, header: { 'zh-CN': '标准名称', 'en-US': 'Standard name' } },
    { key: 'enStandardName', kind: 'enText', of: 'standardName', column: 'enText', header: { 'zh-CN': '英文标准名称', 'en-US': 'Standard name (English)' } },
    { key: 'standardKind', kind: 'enum', values: TECHNICAL_STANDARD_KINDS, labels: TECHNICAL_STANDARD_KIND_LABELS, header: { 'zh-CN': '标准类别', 'en-US': 'Standard kind' } },
    productType(),
  ],
  unique: [['standardCode']],
});

export const dvpStandardCatalog = defineCatalogType({
  id: 'dvpStandard',
  route: 'dvpstandard_index',
  area: 'knowledge',
  tableKey: 'dvp_standard',
  serialField: 'dvpNum',
  serialHeader: { 'zh-CN': 'DVP编号', 'en-US': 'DVP number' },
  numbering: { module: 'dvp', prefix: 'DP' },
  title: { 'zh-CN': 'DVP标准', 'en-US': 'DVP standard' },
  fields: [
    { key: 'standardName', kind: 'text', column: 'text', required: true, header: { 'zh-CN': '标准名称', 'en-US': 'Standard name' } },
    { key: 'enStandardName', kind: 'enText', of: 'standardName', column: 'enText', header: { 'zh-CN': '英文标准名称', 'en-US': 'Standard name (English)' } },
    { key: 'testProject', kind: 'text', required: true, header: { 'zh-CN': '试验项目', 'en-US': 'Test project' } },
    { key: 'classification', kind: 'text', column: 'category', header: { 'zh-CN': '分类', 'en-US': 'Classification' } },
    { key: 'testStandard', kind: 'text', header: { 'zh-CN': '试验标准', 'en-US': 'Test standard' } },
    { key: 'testQuantity', kind: 'number', integer: true, min: 1, required: true, header: { 'zh-CN': '试验数量', 'en-US': 'Test quantity' } },
    productType(),
  ],
  // spec 001 §5: "Duplicate refused for … standard name plus test project"
  unique: [['standardName', 'testProject']],
});

export const experienceCatalog = defineCatalogType({
  id: 'experience',
  route: 'experience_index',
  area: 'knowledge',
  tableKey: 'experience',
  serialField: 'experienceNum',
  serialHeader: { 'zh-CN': '经验编号', 'en-US': 'Experience number' },
  numbering: { module: 'experience', prefix: 'EX' },
  title: { 'zh-CN': '经验库', 'en-US': 'Experience' },
  fields: [
    {
      key: 'problemType',
      kind: 'enum',
      values: EXPERIENCE_PROBLEM_TYPES,
      labels: EXPERIENCE_PROBLEM_TYPE_LABELS,
      required: true,
      header: { 'zh-CN': '问题类型', 'en-US': 'Problem type' },
    },
    // spec 001 §5: "experience classification, failure description, product, cause and preventive measures not empty"
    { key: 'classification', kind: 'text', column: 'category', required: true, header: { 'zh-CN': '分类', 'en-US': 'Classification' } },
    { key: 'failureDesc', kind: 'text', column: 'text', required: true, header: { 'zh-CN': '失效描述', 'en-US': 'Failure description' } },
    { key: 'enFailureDesc', kind: 'enText', of: 'failureDesc', column: 'enText', header: { 'zh-CN': '英文失效描述', 'en-US': 'Failure description (English)' } },
    { key: 'product', kind: 'text', required: true, header: { 'zh-CN': '产品', 'en-US': 'Product' } },
    { key: 'cause', kind: 'text', required: true, header: { 'zh-CN': '原因', 'en-US': 'Cause' } },
    { key: 'preventiveMeasures', kind: 'text', required: true, header: { 'zh-CN': '预防措施', 'en-US': 'Preventive measures' } },
    productType(),
  ],
});

export const productCatalog = defineCatalogType({
  id: 'product',
  route: 'product_list_index',
  area: 'masterData',
  tableKey: 'product',
  serialField: 'productNum',
  serialHeader: { 'zh-CN': '产品编号', 'en-US': 'Product number' },
  // spec 001 §5: "Product number required and unique; product name required"
  numbering: { module: 'product', prefix: 'PA', entry: 'required' },
  title: { 'zh-CN': '产品', 'en-US': 'Product' },
  fields: [
    { key: 'productName', kind: 'text', column: 'text', required: true, header: { 'zh-CN': '产品名称', 'en-US': 'Product name' } },
    { key: 'enProductName', kind: 'enText', of: 'productName', column: 'enText', header: { 'zh-CN': '英文产品名称', 'en-US': 'Product name (English)' } },
    productType(),
    {
      key: 'productCategoryName',
      kind: 'text',
      column: 'category',
      references: { type: 'productCategory', field: 'categoryName' },
      header: { 'zh-CN': '产品类别', 'en-US': 'Product category' },
    },
  ],
});

/**
 * Every declared type, by id, in menu order within each area. Adding a type:
 * declare it (above or in types/knowledge, standards, master-data), list it
 * here, add its tests.
 */
export const CATALOG_TYPES = checkCatalogReferences({
  function: functionCatalog,
  invalidMode: invalidModeCatalog,
  preventionMeasure: preventionMeasureCatalog,
  detectionMeasure: detectionMeasureCatalog,
  interfaceDescription: interfaceDescriptionCatalog,
  hardwareResource: hardwareResourceCatalog,
  technicalStandard: technicalStandardCatalog,
  dvpStandard: dvpStandardCatalog,
  frequencyMeasure: frequencyMeasureCatalog,
  monitorMeasure: monitorMeasureCatalog,
  responseMeasure: responseMeasureCatalog,
  processProcedure: processProcedureCatalog,
  procedureFunction: procedureFunctionCatalog,
  procedureElement: procedureElementCatalog,
  elementFunction: elementFunctionCatalog,
  elementInvalid: elementInvalidCatalog,
  productFeatureCategory: productFeatureCategoryCatalog,
  processFeatureCategory: processFeatureCategoryCatalog,
  featureClassification: featureClassificationCatalog,
  failureBasicTerminology: failureBasicTerminologyCatalog,
  gbStandard: gbStandardCatalog,
  productStandard: productStandardCatalog,
  processStandard: processStandardCatalog,
  materialStandard: materialStandardCatalog,
  experience: experienceCatalog,
  product: productCatalog,
  customer: customerCatalog,
  productCategory: productCategoryCatalog,
  productClassification: productClassificationCatalog,
  requirement: requirementCatalog,
  customerRequirement: customerRequirementCatalog,
} as const satisfies Record<string, CatalogTypeDefinition>);

export type CatalogTypeId = keyof typeof CATALOG_TYPES;
export const CATALOG_TYPE_IDS = Object.keys(CATALOG_TYPES) as CatalogTypeId[];

export {
  customerCatalog,
  customerRequirementCatalog,
  elementFunctionCatalog,
  elementInvalidCatalog,
  failureBasicTerminologyCatalog,
  featureClassificationCatalog,
  frequencyMeasureCatalog,
  gbStandardCatalog,
  materialStandardCatalog,
  monitorMeasureCatalog,
  procedureElementCatalog,
  procedureFunctionCatalog,
  processFeatureCategoryCatalog,
  processProcedureCatalog,
  processStandardCatalog,
  productCategoryCatalog,
  productClassificationCatalog,
  productFeatureCategoryCatalog,
  productStandardCatalog,
  requirementCatalog,
  responseMeasureCatalog,
};
export { PROCESS_ELEMENT_TYPES, PROCESS_ELEMENT_TYPE_LABELS, winningClassification } from './types/knowledge.ts';
export { GB_STANDARD_NATURES, GB_STANDARD_NATURE_LABELS } from './types/standards.ts';

export const isCatalogTypeId = (value: unknown): value is CatalogTypeId => typeof value === 'string' && Object.hasOwn(CATALOG_TYPES, value);

/** The route names the declared types are governed by (for the area step, which must define them). */
export const CATALOG_ROUTES = CATALOG_TYPE_IDS.map((id) => CATALOG_TYPES[id].route);
