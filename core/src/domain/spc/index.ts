/** SPC statistics (issue 25): control chart constants, limits, run rules, capability, decimation. Pure. */
export * from './types.ts';
export { spcConstants, type SpcConstants } from './constants.ts';
export { normalCdf } from './normal.ts';
export { analyzeVariables, type VariablesSubgroup } from './variables.ts';
export { analyzeAttributes, type AttributesRow } from './attributes.ts';
export { capabilityOf, histogramOf } from './capability.ts';
export { DEFAULT_PRIMARY_RULES, DEFAULT_SECONDARY_RULES, runRules, type RuleSeries } from './rules.ts';
export { decimate, type Decimated } from './decimate.ts';
