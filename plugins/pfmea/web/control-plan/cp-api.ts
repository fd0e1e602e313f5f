import { useLingui } from '@lingui/react/macro';
import type { ApiData, ApiBody } from '@fmea/sdk';
import type { ControlPlanColumnKey } from '@fmea/core/domain';

/** The answers of the control plan routes (api/src/routes/control-plan), named from their schemas. */
export type ControlPlanView = ApiData<'/api/controlPlan/get'>;
export type CpLine = ControlPlanView['lines'][number];
export type CpReason = CpLine['reasons'][number];
export type CpChecks = ControlPlanView['checks'];
export type CpHeader = ControlPlanView['plan']['header'];
export type CpColumn = ControlPlanView['columns'][number];
export type SaveLineBody = ApiBody<'/api/controlPlan/saveLine'>;

/**
 * The columns of a line the team edits in the grid, on every line: its own
 * (the AIAG form's methods and the reaction plan) and, over what the PFMEA
 * says, its own control method and evaluation technique (blank: the PFMEA's
 * controls again).
 */
export const OWN_COLUMNS = ['characteristicNo', 'specification', 'evaluationTechnique', 'sampleSize', 'sampleFrequency', 'controlMethod', 'reactionPlan'] as const satisfies readonly ControlPlanColumnKey[];
export type OwnColumn = (typeof OWN_COLUMNS)[number];
export const isOwnColumn = (id: string): id is OwnColumn => (OWN_COLUMNS as readonly string[]).includes(id);

/** The columns a linked line reads from the PFMEA; only a line that is not linked holds them itself (edited in the line dialog). */
export const PFMEA_COLUMNS = ['processNo', 'processName', 'machine', 'productCharacteristic', 'processCharacteristic', 'specialClass'] as const satisfies readonly ControlPlanColumnKey[];

/** A text of several lines (controls, machines) on one grid line. */
export const oneLine = (text: string | null | undefined) => (text ?? '').replace(/\s*\n\s*/g, '; ');

/**
 * A column's heading in the grid: the server's (the workbook's) label; the
 * form's "Characteristics" heading stands over No., Product and Process,
 * which a grid without group rows names in front ("Characteristics: Product").
 */
export function useColumnHeader(): (column: CpColumn) => string {
  const { t } = useLingui();
  return ({ group, groupLabel, label }) => (group === 'characteristics' && groupLabel ? t`${groupLabel}: ${label}` : label);
}
