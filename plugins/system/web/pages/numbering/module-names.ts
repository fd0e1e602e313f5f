import { t } from '@lingui/core/macro';
import { CATALOG_TYPES } from '@fmea/core/domain';
import { currentLocale, localName } from '@fmea/sdk';

/** A module that numbers a catalog type is named by the type's own bilingual title. */
const catalogTitles = new Map(Object.values(CATALOG_TYPES).map((type) => [type.numbering.module as string, type.title]));

/** Names of the numbered modules (spec 001 §3 "Numbering"); catalog modules take their type's title; unknown ones show their code. */
export function moduleName(module: string): string {
  switch (module) {
    case 'dfmeaProject':
      return t`DFMEA project`;
    case 'dfmeaTemplate':
      return t`DFMEA template`;
    case 'pfmeaProject':
      return t`PFMEA project`;
    case 'pfmeaTemplate':
      return t`PFMEA template`;
    case 'product':
      return t`Product`;
    case 'problem':
      return t`Problem`;
    case 'function':
      return t`Function`;
    case 'failureMode':
      return t`Failure mode`;
    case 'experience':
      return t`Experience`;
    case 'hardware':
      return t`Hardware`;
    case 'technicalStandard':
      return t`Technical standard`;
    case 'gbStandard':
      return t`National standard (GB)`;
    case 'preventionMeasure':
      return t`Prevention measure`;
    case 'detectionMeasure':
      return t`Detection measure`;
    case 'interfaceDescription':
      return t`Interface description`;
    case 'task':
      return t`Task`;
    case 'processElement':
      return t`Process element`;
    case 'procedureFunction':
      return t`Procedure function`;
    case 'processProcedure':
      return t`Process step`;
    case 'pfmeaProjectTask':
      return t`PFMEA project task`;
    case 'processFeatureCategory':
      return t`Process characteristic category`;
    case 'productFeatureCategory':
      return t`Product characteristic category`;
    case 'dvp':
      return t`DVP`;
    case 'elementFunction':
      return t`Element function`;
    case 'ewo':
      return t`Engineering change order`;
    case 'elementFailure':
      return t`Element failure`;
    case 'bom':
      return t`BOM`;
    case 'program':
      return t`Program`;
    case 'fmeda':
      return t`FMEDA`;
    case 'processFlowChart':
      return t`Process flow chart`;
    case 'faultTree':
      return t`Fault tree`;
    default: {
      const title = catalogTitles.get(module);
      return title ? localName(currentLocale(), title['zh-CN'], title['en-US']) : module;
    }
  }
}
