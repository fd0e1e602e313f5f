import {
  customerCatalog,
  customerRequirementCatalog,
  detectionMeasureCatalog,
  dvpStandardCatalog,
  elementFunctionCatalog,
  elementInvalidCatalog,
  experienceCatalog,
  failureBasicTerminologyCatalog,
  featureClassificationCatalog,
  frequencyMeasureCatalog,
  functionCatalog,
  gbStandardCatalog,
  hardwareResourceCatalog,
  interfaceDescriptionCatalog,
  invalidModeCatalog,
  materialStandardCatalog,
  monitorMeasureCatalog,
  preventionMeasureCatalog,
  procedureElementCatalog,
  procedureFunctionCatalog,
  processFeatureCategoryCatalog,
  processProcedureCatalog,
  processStandardCatalog,
  productCatalog,
  productCategoryCatalog,
  productClassificationCatalog,
  productFeatureCategoryCatalog,
  productStandardCatalog,
  requirementCatalog,
  responseMeasureCatalog,
  technicalStandardCatalog,
} from '../catalog/types.ts';
import { CATALOG_BUTTONS } from '../catalog/flow.ts';
import { catalogPage } from './catalog-page.ts';
import { defineArea } from './define.ts';

/**
 * The catalog areas (spec 001 §2): knowledge base, standards, master data and
 * experience. Each page is one catalog type (`catalogPage`), served by the
 * SDK's one catalog page; the area's own route opens it and offers no
 * buttons of its own (the pages' routes hold them, spec 000 §6).
 */
export const knowledgeArea = defineArea({
  id: 'knowledge',
  routeName: 'knowledge_index',
  basePath: '/main/knowledge',
  title: { 'zh-CN': '知识库', 'en-US': 'Knowledge base' },
  icon: 'knowledge',
  sort: 40,
  buttons: [],
  showIn: 'topMenu',
  everyone: false,
  layout: 'sideMenu',
  rememberLastPage: true,
  pages: [
    catalogPage(functionCatalog),
    catalogPage(invalidModeCatalog),
    catalogPage(preventionMeasureCatalog),
    catalogPage(detectionMeasureCatalog),
    catalogPage(interfaceDescriptionCatalog),
    catalogPage(dvpStandardCatalog),
    catalogPage(hardwareResourceCatalog),
    catalogPage(technicalStandardCatalog),
    catalogPage(frequencyMeasureCatalog),
    catalogPage(monitorMeasureCatalog),
    catalogPage(responseMeasureCatalog),
    catalogPage(processProcedureCatalog),
    catalogPage(procedureFunctionCatalog),
    catalogPage(procedureElementCatalog),
    catalogPage(elementFunctionCatalog),
    catalogPage(elementInvalidCatalog),
    catalogPage(productFeatureCategoryCatalog),
    catalogPage(processFeatureCategoryCatalog),
    catalogPage(featureClassificationCatalog),
    catalogPage(failureBasicTerminologyCatalog),
  ],
  contributes: {
    // the spec's collect types (001 §3) for knowledge entries, named as the catalogs they star
    favourites: [
      { type: 'function', title: functionCatalog.title },
      { type: 'invalidMode', title: invalidModeCatalog.title },
      { type: 'measurePrevent', title: preventionMeasureCatalog.title },
      { type: 'measureDetect', title: detectionMeasureCatalog.title },
      { type: 'measureFrequency', title: frequencyMeasureCatalog.title },
      { type: 'measureMonitor', title: monitorMeasureCatalog.title },
      { type: 'measureResponse', title: responseMeasureCatalog.title },
    ],
  },
});

/** The standards (spec 001 §2 `standard_index`: "standards (product, process, material)"), national standards first. */
export const standardsArea = defineArea({
  id: 'standards',
  routeName: 'standard_index',
  basePath: '/main/standard',
  title: { 'zh-CN': '标准', 'en-US': 'Standards' },
  icon: 'standard',
  sort: 50,
  buttons: [],
  showIn: 'topMenu',
  everyone: false,
  layout: 'sideMenu',
  rememberLastPage: true,
  pages: [catalogPage(gbStandardCatalog), catalogPage(productStandardCatalog), catalogPage(processStandardCatalog), catalogPage(materialStandardCatalog)],
});

export const masterDataArea = defineArea({
  id: 'masterdata',
  routeName: 'product_index',
  basePath: '/main/product',
  title: { 'zh-CN': '主数据', 'en-US': 'Master data' },
  icon: 'product',
  sort: 60,
  buttons: [],
  showIn: 'topMenu',
  everyone: false,
  layout: 'sideMenu',
  rememberLastPage: true,
  pages: [
    catalogPage(productCatalog),
    catalogPage(customerCatalog),
    catalogPage(productCategoryCatalog),
    catalogPage(productClassificationCatalog),
    catalogPage(requirementCatalog),
    catalogPage(customerRequirementCatalog),
    // a product's bill of materials: a tree of parts per product, its own page (plugins/masterdata/web/bom)
    { microRoute: 'bom', routeName: 'bom_index', title: { 'zh-CN': '物料清单', 'en-US': 'BOM' }, icon: 'catalog', buttons: ['add', 'edit', 'del', 'import', 'export'], listed: true },
  ],
  contributes: { favourites: [{ type: 'product', title: productCatalog.title }] },
});

/** Experience is one catalog: its type's route is the area's own, so the landing page is the catalog. */
export const experienceArea = defineArea({
  id: 'experience',
  routeName: experienceCatalog.route,
  basePath: '/main/experience',
  title: { 'zh-CN': '经验库', 'en-US': 'Experience' },
  icon: 'experience',
  sort: 70,
  buttons: CATALOG_BUTTONS,
  showIn: 'topMenu',
  everyone: false,
  layout: 'plain',
  pages: [{ microRoute: '', title: experienceCatalog.title, listed: true, catalogType: experienceCatalog.id }],
});
