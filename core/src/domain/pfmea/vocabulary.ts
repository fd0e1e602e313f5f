/**
 * The process model's value lists (AIAG & VDA FMEA Handbook 2019, PFMEA steps 2–3;
 * AIAG APQP/control plan manual). Stored as these codes; labels come from the locales.
 */

/** 4M work element types of a process step (the handbook's Man, Machine, Material, EnvironMent). */
export const WORK_ELEMENT_TYPES = ['man', 'machine', 'material', 'environment'] as const;
export type WorkElementType = (typeof WORK_ELEMENT_TYPES)[number];

/**
 * Process tree depth: process item (the root) → process step → work element.
 * Three levels is the handbook's structure; a deeper tree has no place on the PFMEA form.
 */
export const PROCESS_TREE_MAX_DEPTH = 3;
export const PROCESS_LEVELS = ['item', 'step', 'element'] as const;
export type ProcessLevel = (typeof PROCESS_LEVELS)[number];

/** Whose function the process item's function is (handbook step 3: "your plant", "ship-to plant", "end user"). */
export const FUNCTION_SCOPES = ['plant', 'shipTo', 'endUser'] as const;
export type FunctionScope = (typeof FUNCTION_SCOPES)[number];

/** Product characteristics sit on process steps, process characteristics on work elements. */
export const CHARACTERISTIC_KINDS = ['product', 'process'] as const;
export type CharacteristicKind = (typeof CHARACTERISTIC_KINDS)[number];

/** ASME flow-chart symbols used on process flow diagrams. */
export const FLOW_SYMBOLS = ['operation', 'transport', 'inspection', 'storage', 'delay', 'combined'] as const;
export type FlowSymbol = (typeof FLOW_SYMBOLS)[number];

/** A branch of the flow leaves a step for rework (back to a step) or for scrap (out of the flow). */
export const FLOW_BRANCH_KINDS = ['rework', 'scrap'] as const;
export type FlowBranchKind = (typeof FLOW_BRANCH_KINDS)[number];

/** AIAG control plan phases. */
export const CONTROL_PLAN_PHASES = ['prototype', 'prelaunch', 'production'] as const;
export type ControlPlanPhase = (typeof CONTROL_PLAN_PHASES)[number];

/** Where a control-plan line came from: generated from the PFMEA, written by hand, or imported from a workbook. */
export const CONTROL_PLAN_LINE_ORIGINS = ['generated', 'manual', 'imported'] as const;
export type ControlPlanLineOrigin = (typeof CONTROL_PLAN_LINE_ORIGINS)[number];
