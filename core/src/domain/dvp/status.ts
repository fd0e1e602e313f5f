import type { DvpControlStatus, DvpResult } from './vocabulary.ts';

/**
 * The status the DFMEA shows beside a detection control, from the results of the tests that prove it
 * (docs/domain/dvp.md "Status beside a control"): no test → none; any unqualified → unqualified (a failed test
 * outweighs a passed one: the control has not been shown to detect); else any test without a result → planned;
 * else any qualified → qualified; else (all not involved) → notInvolved.
 */
export function controlStatusOf(results: readonly (DvpResult | null)[]): DvpControlStatus {
  if (results.length === 0) return 'none';
  if (results.includes('unqualified')) return 'unqualified';
  if (results.includes(null)) return 'planned';
  if (results.includes('qualified')) return 'qualified';
  return 'notInvolved';
}

/** A DFMEA project's test coverage of its detection controls (h6's report reads it: services/dvp/coverage.ts). */
export interface DvpCoverage {
  /** Detection controls of the project. */
  controls: number;
  /** Of them, those at least one test proves. */
  tested: number;
  /** Tested controls by status: all passed, one failed, one still without a result (not involved only: in tested, none of these). */
  qualified: number;
  unqualified: number;
  open: number;
}

/** Coverage from each detection control's test results (an empty list: no test). */
export function coverageOf(controls: readonly (readonly (DvpResult | null)[])[]): DvpCoverage {
  const out: DvpCoverage = { controls: controls.length, tested: 0, qualified: 0, unqualified: 0, open: 0 };
  for (const results of controls) {
    const status = controlStatusOf(results);
    if (status === 'none') continue;
    out.tested++;
    if (status === 'qualified') out.qualified++;
    else if (status === 'unqualified') out.unqualified++;
    else if (status === 'planned') out.open++;
  }
  return out;
}
