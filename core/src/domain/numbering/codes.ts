/**
 * Code prefixes per numbered entity, as listed in spec 001 §3 ("Numbering").
 * Two pairs share a prefix in the legacy product (PR: prevention measure and
 * task; PF: PFMEA project and procedure function). They are kept as they are:
 * counters are per module, so the numbers only need to be unique per table.
 * The modules after processFlowChart number catalog types the spec lists
 * without a prefix (001 §1–§3); their prefixes are this product's choice
 * (docs/domain/catalog.md, "Choices where the spec is silent").
 */
export const CODE_PREFIXES = {
  dfmeaProject: 'DF',
  dfmeaTemplate: 'TD',
  pfmeaProject: 'PF',
  pfmeaTemplate: 'TP',
  product: 'PA',
  problem: 'RS',
  function: 'FU',
  failureMode: 'FA',
  experience: 'EX',
  hardware: 'HR',
  technicalStandard: 'TS',
  gbStandard: 'GB',
  preventionMeasure: 'PR',
  detectionMeasure: 'DE',
  interfaceDescription: 'IF',
  task: 'PR',
  processElement: 'PE',
  procedureFunction: 'PF',
  processProcedure: 'PP',
  pfmeaProjectTask: 'PT',
  processFeatureCategory: 'PC',
  productFeatureCategory: 'PD',
  dvp: 'DP',
  elementFunction: 'EF',
  ewo: 'EC',
  elementFailure: 'EI',
  bom: 'PB',
  program: 'PN',
  fmeda: 'FM',
  processFlowChart: 'PFD',
  frequencyMeasure: 'FQ',
  monitorMeasure: 'MO',
  responseMeasure: 'RE',
  failureTerminology: 'BT',
  productStandard: 'PDS',
  processStandard: 'PCS',
  materialStandard: 'MTS',
  customer: 'CU',
  productCategory: 'PCA',
  productClassification: 'PCL',
  featureClassification: 'FC',
  requirement: 'RQ',
  customerRequirement: 'CR',
  // FTA (issue 23): the spec lists no prefix for fault trees; FT is this product's choice (docs/domain/fta.md)
  faultTree: 'FT',
  // SPC (issue 25): the spec lists no prefix for SPC studies; SP is this product's choice (docs/domain/spc.md)
  spcStudy: 'SP',
  // DRBFM (issue 25): the spec lists the module without a prefix; DR is this product's choice (docs/domain/drbfm.md)
  drbfm: 'DR',
} as const;

export type NumberingModule = keyof typeof CODE_PREFIXES;

export const NUMBERING_MODULES = Object.keys(CODE_PREFIXES) as readonly NumberingModule[];

export const isNumberingModule = (value: unknown): value is NumberingModule =>
  typeof value === 'string' && Object.hasOwn(CODE_PREFIXES, value);
