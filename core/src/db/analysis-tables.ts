import { fmeaAction, fmeaCharacteristic, fmeaControl, fmeaFailure, fmeaFailureLink, fmeaFunction, fmeaFunctionLink, fmeaInterface, fmeaNode } from './schema/index.ts';

/**
 * The tables of an FMEA project's analysis, each under the name a baseline
 * snapshot lists its rows by, parents before children (an insert in this
 * order satisfies the foreign keys between them). One list for whatever lays
 * a whole analysis down again: a baseline's workbook, the bench's insert floor.
 */
export const ANALYSIS_ROW_TABLES = [
  ['nodes', fmeaNode],
  ['functions', fmeaFunction],
  ['functionLinks', fmeaFunctionLink],
  ['characteristics', fmeaCharacteristic],
  ['interfaces', fmeaInterface],
  ['failures', fmeaFailure],
  ['failureLinks', fmeaFailureLink],
  ['controls', fmeaControl],
  ['actions', fmeaAction],
] as const;
