import type { AnalysisImport } from '../import-plan.ts';

/** What an import created, by the kinds a user checks first. */
export interface CreatedCounts {
  nodes: number;
  functions: number;
  characteristics: number;
  effects: number;
  modes: number;
  causes: number;
  controls: number;
  /** S of the effects, O and D of the causes. */
  ratings: number;
  actions: number;
  /** S, O and D of the actions' re-rating. */
  reRatings: number;
}

const given = (...values: (number | null | undefined)[]) => values.filter((v) => v !== null && v !== undefined).length;

export function createdCounts(input: Required<AnalysisImport>): CreatedCounts {
  const failures = (kind: string) => input.failures.filter((f) => f.kind === kind).length;
  return {
    nodes: input.nodes.length,
    functions: input.functions.length,
    characteristics: input.characteristics.length,
    effects: failures('FE'),
    modes: failures('FM'),
    causes: failures('FC'),
    controls: input.controls.length,
    ratings: input.failures.reduce((n, f) => n + given(f.severity, f.occurrence, f.detection), 0),
    actions: input.actions.length,
    reRatings: input.actions.reduce((n, a) => n + given(a.raSeverity, a.raOccurrence, a.raDetection), 0),
  };
}
