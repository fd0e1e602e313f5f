import { fmedaMetrics, type FmedaMetrics } from './metrics.ts';
import { metricRows, type FmedaRowInput } from './project.ts';

/**
 * What a baseline of an FMEDA freezes beside the FMEA snapshot (issue 23): the settings, every worksheet row
 * with its content fields (sorted by id, as the snapshot's lists), and the metrics computed from them at the
 * release, so an assessor reads the figures that were released even after the formulas change.
 */
export const FMEDA_SNAPSHOT_SETTINGS = ['standard', 'targetAsil', 'targetSil', 'elementType', 'hft', 'safetyGoal', 'sourceProjectId', 'sourceNodeId'] as const;
export const FMEDA_SNAPSHOT_ROW_FIELDS = [
  'sort',
  'elementName',
  'elementFit',
  'failureMode',
  'distributionPct',
  'faultClass',
  'residualMechanism',
  'dcResidualPct',
  'latentMechanism',
  'dcLatentPct',
  'catalogRecordId',
  'sourceNodeId',
  'sourceFailureId',
] as const;

type Scalar = string | number | boolean | null;

export interface FmedaSnapshot {
  readonly settings: Readonly<Record<(typeof FMEDA_SNAPSHOT_SETTINGS)[number], Scalar>>;
  readonly rows: readonly ({ readonly id: string } & Readonly<Record<(typeof FMEDA_SNAPSHOT_ROW_FIELDS)[number], Scalar>>)[];
  readonly metrics: FmedaMetrics;
}

const scalar = (value: unknown): Scalar => (value === undefined || value === null ? null : typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? value : String(value));

export function fmedaSnapshot(settings: Readonly<Record<string, unknown>>, rows: readonly ({ id: string } & FmedaRowInput & Record<string, unknown>)[]): FmedaSnapshot {
  const frozenRows = [...rows]
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .map((row) => Object.fromEntries([['id', row.id], ...FMEDA_SNAPSHOT_ROW_FIELDS.map((f) => [f, scalar(row[f])])])) as unknown as FmedaSnapshot['rows'];
  return {
    settings: Object.fromEntries(FMEDA_SNAPSHOT_SETTINGS.map((f) => [f, scalar(settings[f])])) as FmedaSnapshot['settings'],
    rows: frozenRows,
    metrics: fmedaMetrics(metricRows(rows)),
  };
}
