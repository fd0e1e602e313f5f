import { defineCatalogType, type CatalogField } from '../define.ts';
import { describedBy, productType, rating } from './shared.ts';

/**
 * Master-data types beyond products (spec 001 §1 "customers, product
 * categories", §2 `clients_list`, `product_category_index`,
 * `product_classification`; §3 "Requirement" and §7 `customerRequirements`).
 * The master-data creator rule governs them. BOMs have their own model.
 */

export const customerCatalog = defineCatalogType({
  id: 'customer',
  route: 'clients_list',
  area: 'masterData',
  tableKey: 'customer',
  serialField: 'customerNum',
  serialHeader: { 'zh-CN': '客户编号', 'en-US': 'Customer number' },
  numbering: { module: 'customer', prefix: 'CU' },
  title: { 'zh-CN': '客户', 'en-US': 'Customer' },
  fields: [
    ...describedBy('customerName', 'enCustomerName', '客户名称', 'Customer name'),
    { key: 'shortName', kind: 'code', max: 50, header: { 'zh-CN': '客户简称', 'en-US': 'Short name' } },
    { key: 'contactPerson', kind: 'text', header: { 'zh-CN': '联系人', 'en-US': 'Contact person' } },
    { key: 'contactPhone', kind: 'code', max: 50, header: { 'zh-CN': '联系电话', 'en-US': 'Phone' } },
    { key: 'address', kind: 'text', header: { 'zh-CN': '地址', 'en-US': 'Address' } },
  ],
  unique: [['customerName']],
});

export const productCategoryCatalog = defineCatalogType({
  id: 'productCategory',
  route: 'product_category_index',
  area: 'masterData',
  tableKey: 'product_category',
  serialField: 'categoryNum',
  serialHeader: { 'zh-CN': '类别编号', 'en-US': 'Category number' },
  numbering: { module: 'productCategory', prefix: 'PCA' },
  title: { 'zh-CN': '产品类别', 'en-US': 'Product category' },
  fields: [...describedBy('categoryName', 'enCategoryName', '类别名称', 'Category name'), productType()],
  unique: [['categoryName']],
});

/** Two levels: a primary classification (no parent) and its secondaries; a primary with secondaries cannot be deleted (§5). */
export const productClassificationCatalog = defineCatalogType({
  id: 'productClassification',
  route: 'product_classification',
  area: 'masterData',
  tableKey: 'product_classification',
  serialField: 'classificationNum',
  serialHeader: { 'zh-CN': '分类编号', 'en-US': 'Classification number' },
  numbering: { module: 'productClassification', prefix: 'PCL' },
  title: { 'zh-CN': '产品分类', 'en-US': 'Product classification' },
  fields: [
    ...describedBy('classificationName', 'enClassificationName', '分类名称', 'Classification name'),
    {
      key: 'parentClassification',
      kind: 'text',
      column: 'category',
      references: { type: 'productClassification', field: 'classificationName' },
      header: { 'zh-CN': '一级分类', 'en-US': 'Primary classification' },
    },
    productType(),
  ],
  unique: [['classificationName']],
});

/** The requirement fields of spec 001 §3, in its order. */
const requirementFields = (): CatalogField[] => [
  ...describedBy('requirement', 'enRequirement', '需求描述', 'Requirement'),
  { key: 'requirementSource', kind: 'text', header: { 'zh-CN': '需求来源', 'en-US': 'Source' } },
  { key: 'productSeriesName', kind: 'text', column: 'category', header: { 'zh-CN': '产品系列', 'en-US': 'Product series' } },
  { key: 'function', kind: 'text', header: { 'zh-CN': '功能', 'en-US': 'Function' } },
  { key: 'features', kind: 'text', header: { 'zh-CN': '特性', 'en-US': 'Characteristics' } },
  { key: 'technicalRequirement', kind: 'text', header: { 'zh-CN': '技术要求', 'en-US': 'Technical requirement' } },
  { key: 'applicableObjectName', kind: 'text', header: { 'zh-CN': '适用对象', 'en-US': 'Applicable object' } },
  { key: 'failureMode', kind: 'text', header: { 'zh-CN': '失效模式', 'en-US': 'Failure mode' } },
  rating('severity', '严重度', 'Severity'),
  productType(),
];

export const requirementCatalog = defineCatalogType({
  id: 'requirement',
  route: 'requirement_index',
  area: 'masterData',
  tableKey: 'requirement',
  serialField: 'requirementNumber',
  serialHeader: { 'zh-CN': '需求编号', 'en-US': 'Requirement number' },
  numbering: { module: 'requirement', prefix: 'RQ' },
  title: { 'zh-CN': '需求', 'en-US': 'Requirement' },
  fields: requirementFields(),
  unique: [['requirement']],
});

/** A customer's own requirement (customer-specific requirements): the requirement fields under one customer. */
export const customerRequirementCatalog = defineCatalogType({
  id: 'customerRequirement',
  entity: 'customerRequirements',
  route: 'customer_requirement_index',
  area: 'masterData',
  tableKey: 'customer_requirement',
  serialField: 'requirementNumber',
  serialHeader: { 'zh-CN': '需求编号', 'en-US': 'Requirement number' },
  numbering: { module: 'customerRequirement', prefix: 'CR' },
  title: { 'zh-CN': '客户需求', 'en-US': 'Customer requirement' },
  fields: [
    { key: 'customerName', kind: 'text', required: true, references: { type: 'customer', field: 'customerName' }, header: { 'zh-CN': '客户', 'en-US': 'Customer' } },
    ...requirementFields(),
  ],
  // two customers may ask the same thing
  unique: [['customerName', 'requirement']],
});
