/**
 * The FMEA engine's value lists, written once `as const` and read by the
 * schema columns, the services and the workbench alike. Sources: spec 001 §1,
 * §3, §4 and the AIAG & VDA FMEA Handbook (2019). Choices where the spec is
 * silent are explained in docs/domain/fmea-engine.md.
 */

/** One engine, five kinds of analysis. `family` marks a family FMEA (spec 001 §3); `fmeda` a hardware FMEDA (issue 23). */
export const PROJECT_TYPES = ['dfmea', 'pfmea', 'family', 'msr', 'fmeda', 'drbfm'] as const;

/** How a project was made from another (docs/domain/fmea-reuse.md): a copy, a template (basic: from a product node), a project made from a template, a family variant. */
export const PROJECT_SOURCE_KINDS = ['copy', 'template', 'basicTemplate', 'fromTemplate', 'variant'] as const;
export type ProjectSourceKind = (typeof PROJECT_SOURCE_KINDS)[number];
/**
 * Who may see and use a template (docs/domain/fmea-reuse.md "Who sees a
 * template"): only its owner until it is published, then the users of the
 * saver's site, or of every site.
 */
export const TEMPLATE_SCOPES = ['private', 'site', 'all'] as const;
export type TemplateScope = (typeof TEMPLATE_SCOPES)[number];
export type ProjectType = (typeof PROJECT_TYPES)[number];

export const isProjectType = (value: unknown): value is ProjectType =>
  typeof value === 'string' && (PROJECT_TYPES as readonly string[]).includes(value);

/**
 * The seven steps of the handbook, in order, and the three FMEA-MSR steps that
 * stand beside steps 4 to 6 (spec 001 §3 "Analysis steps").
 */
export const ANALYSIS_STEPS = [
  'planningAndPreparation',
  'structuralAnalysis',
  'functionalAnalysis',
  'failureAnalysis',
  'riskAnalysis',
  'optimization',
  'documentation',
] as const;
export const MSR_STEPS = ['msrFailureAnalysis', 'msrRiskAnalysis', 'msrOptimization'] as const;
/** The FMEDA's own step after planning: the worksheet of failure modes with its hardware metrics (issue 23). */
export const FMEDA_STEPS = ['fmedaWorksheet'] as const;
/** The DRBFM's own step after planning: the change, its parts, the concerns, actions and review meetings (issue 25). */
export const DRBFM_STEPS = ['drbfmWorksheet'] as const;
export type AnalysisStep = (typeof ANALYSIS_STEPS)[number] | (typeof MSR_STEPS)[number] | (typeof FMEDA_STEPS)[number] | (typeof DRBFM_STEPS)[number];

export const STEP_LABEL_KEYS = {
  planningAndPreparation: 'fmea.step.planning_and_preparation',
  structuralAnalysis: 'fmea.step.structural_analysis',
  functionalAnalysis: 'fmea.step.functional_analysis',
  failureAnalysis: 'fmea.step.failure_analysis',
  riskAnalysis: 'fmea.step.risk_analysis',
  optimization: 'fmea.step.optimization',
  documentation: 'fmea.step.documentation',
  msrFailureAnalysis: 'fmea.step.msr_failure_analysis',
  msrRiskAnalysis: 'fmea.step.msr_risk_analysis',
  msrOptimization: 'fmea.step.msr_optimization',
  fmedaWorksheet: 'fmea.step.fmeda_worksheet',
  drbfmWorksheet: 'fmea.step.drbfm_worksheet',
} as const satisfies Record<AnalysisStep, string>;

/** Failure effect, failure mode, failure cause: a failure's place in the chain. */
export const FAILURE_KINDS = ['FE', 'FM', 'FC'] as const;
export type FailureKind = (typeof FAILURE_KINDS)[number];
export const FAILURE_KIND_LABEL_KEYS = {
  FE: 'fmea.failure_kind.effect',
  FM: 'fmea.failure_kind.mode',
  FC: 'fmea.failure_kind.cause',
} as const satisfies Record<FailureKind, string>;

/** Current controls on a cause and optimisation actions are each prevention or detection. */
export const CONTROL_KINDS = ['prevention', 'detection'] as const;
export type ControlKind = (typeof CONTROL_KINDS)[number];
export const CONTROL_KIND_LABEL_KEYS = {
  prevention: 'fmea.control_kind.prevention',
  detection: 'fmea.control_kind.detection',
} as const satisfies Record<ControlKind, string>;

/**
 * FMEA-MSR's two kinds of current control and of optimisation action on a
 * cause (handbook, MSR risk analysis and optimisation): diagnostic monitoring
 * and system response. They live in the same control and action tables as
 * prevention and detection; the DFMEA's reads take CONTROL_KINDS only, the MSR
 * steps MSR_CONTROL_KINDS only (docs/domain/msr.md).
 */
export const MSR_CONTROL_KINDS = ['monitoring', 'response'] as const;
export type MsrControlKind = (typeof MSR_CONTROL_KINDS)[number];
export const MSR_CONTROL_KIND_LABEL_KEYS = {
  monitoring: 'fmea.control_kind.monitoring',
  response: 'fmea.control_kind.response',
} as const satisfies Record<MsrControlKind, string>;
/** Every kind a control or action row may hold. */
export const ALL_CONTROL_KINDS = [...CONTROL_KINDS, ...MSR_CONTROL_KINDS] as const;
export type AnyControlKind = (typeof ALL_CONTROL_KINDS)[number];
export const isMsrControlKind = (kind: unknown): kind is MsrControlKind => (MSR_CONTROL_KINDS as readonly unknown[]).includes(kind);

/** Characteristic classes (spec 001 §3), most serious first: the order is the rank. */
export const CHARACTERISTIC_CLASSES = ['safety', 'critical', 'significant', 'general'] as const;
export type CharacteristicClass = (typeof CHARACTERISTIC_CLASSES)[number];
export const CHARACTERISTIC_CLASS_LABEL_KEYS = {
  safety: 'fmea.characteristic_class.safety',
  critical: 'fmea.characteristic_class.critical',
  significant: 'fmea.characteristic_class.significant',
  general: 'fmea.characteristic_class.general',
} as const satisfies Record<CharacteristicClass, string>;

/** Interface function classes (spec 001 §3), stored as 1 to 5 like the spec's dictionary codes. */
export const INTERFACE_TYPES = {
  physicalConnection: 1,
  signalTransfer: 2,
  energyTransfer: 3,
  materialExchange: 4,
  humanMachine: 5,
} as const;
export type InterfaceType = (typeof INTERFACE_TYPES)[keyof typeof INTERFACE_TYPES];
export const INTERFACE_TYPE_LABEL_KEYS = {
  1: 'fmea.interface_type.physical_connection',
  2: 'fmea.interface_type.signal_transfer',
  3: 'fmea.interface_type.energy_transfer',
  4: 'fmea.interface_type.material_exchange',
  5: 'fmea.interface_type.human_machine',
} as const satisfies Record<InterfaceType, string>;

export const isInterfaceType = (value: unknown): value is InterfaceType =>
  typeof value === 'number' && Object.values(INTERFACE_TYPES).includes(value as InterfaceType);

/** The project list tabs (spec 001 §2). */
export const PROJECT_LIST_TABS = ['all', 'mine', 'responsible', 'participating', 'shared', 'collected'] as const;
export type ProjectListTab = (typeof PROJECT_LIST_TABS)[number];

/** The FMEA texts the suggestion source knows (GET /api/fmea/suggest). */
export const SUGGEST_KINDS = ['function', 'requirement', 'FE', 'FM', 'FC', 'prevention', 'detection', 'characteristic'] as const;
export type SuggestKind = (typeof SUGGEST_KINDS)[number];
