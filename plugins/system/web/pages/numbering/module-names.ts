import { t } from '@lingui/core/macro';
import { CATALOG_TYPES } from '@fmea/core/domain';
import { currentLocale, localName } from '@fmea/sdk';

/** A module that numbers a catalog type is named by the type's own bilingual title. */
const catalogTitles = new Map(Object.values(CATALOG_TYPES).map((type) => [type.numbering.module as string, type.title]));

/**
 * Names of the numbered modules (spec 001 §3 "Numbering"), read when asked (the language may change). A
 * table rather than a switch: a module may share its name with a project type (fmeda), and code does not
 * branch on those (tests/contract/kinds.test.ts).
 */
const MODULE_NAMES: Readonly<Record<string, () => string>> = {
  dfmeaProject: () => t`DFMEA project`,
  dfmeaTemplate: () => t`DFMEA template`,
  pfmeaProject: () => t`PFMEA project`,
  pfmeaTemplate: () => t`PFMEA template`,
  product: () => t`Product`,
  problem: () => t`Problem`,
  function: () => t`Function`,
  failureMode: () => t`Failure mode`,
  experience: () => t`Experience`,
  hardware: () => t`Hardware`,
  technicalStandard: () => t`Technical standard`,
  gbStandard: () => t`National standard (GB)`,
  preventionMeasure: () => t`Prevention measure`,
  detectionMeasure: () => t`Detection measure`,
  interfaceDescription: () => t`Interface description`,
  task: () => t`Task`,
  processElement: () => t`Process element`,
  procedureFunction: () => t`Procedure function`,
  processProcedure: () => t`Process step`,
  pfmeaProjectTask: () => t`PFMEA project task`,
  processFeatureCategory: () => t`Process characteristic category`,
  productFeatureCategory: () => t`Product characteristic category`,
  dvp: () => t`DVP`,
  elementFunction: () => t`Element function`,
  ewo: () => t`Engineering change order`,
  elementFailure: () => t`Element failure`,
  bom: () => t`BOM`,
  program: () => t`Program`,
  fmeda: () => t`FMEDA`,
  processFlowChart: () => t`Process flow chart`,
  faultTree: () => t`Fault tree`,
  spcStudy: () => t`SPC study`,
  drbfm: () => t`DRBFM`,
};

/** Names of the numbered modules (spec 001 §3 "Numbering"); catalog modules take their type's title; unknown ones show their code. */
export function moduleName(module: string): string {
  const named = Object.hasOwn(MODULE_NAMES, module) ? MODULE_NAMES[module] : undefined;
  if (named) return named();
  const title = catalogTitles.get(module);
  return title ? localName(currentLocale(), title['zh-CN'], title['en-US']) : module;
}
