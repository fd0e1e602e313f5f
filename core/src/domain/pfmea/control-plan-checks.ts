import { causesOfCharacteristic, controlPlanClass, indexControlPlanModel, type ControlPlanClass, type ControlPlanModel } from './control-plan-model.ts';

/**
 * The checks a reviewer of a control plan would otherwise do by hand, over
 * the plan's lines and the PFMEA as it is now:
 * - every CC or SC characteristic of a process step has a line;
 * - every line traces to the PFMEA (it points at a step and a characteristic
 *   that still exist);
 * - a CC characteristic whose cause is rated D ≥ 7 has a weak detection.
 */
export interface CheckedLine {
  readonly id: string;
  readonly stepNodeId: string | null;
  readonly characteristicId: string | null;
  /** The line was linked to the PFMEA once (it has a basis): its links may since have been cleared by a deletion. */
  readonly linked: boolean;
}

export interface MissingLine {
  readonly characteristicId: string;
  readonly stepNodeId: string;
  readonly processNo: string | null;
  readonly stepName: string;
  readonly name: string;
  readonly planClass: ControlPlanClass;
}

export const UNTRACED_REASONS = ['unlinked', 'stepMissing', 'characteristicMissing'] as const;
export type UntracedReason = (typeof UNTRACED_REASONS)[number];

export interface UntracedLine {
  readonly lineId: string;
  readonly reason: UntracedReason;
}

export interface WeakDetection {
  readonly characteristicId: string;
  readonly name: string;
  readonly causeId: string;
  readonly detection: number;
  /** The cause's detection controls (none: the cause has no detection control at all). */
  readonly controls: readonly { readonly id: string; readonly text: string }[];
  /** The plan's line of the characteristic, when it has one. */
  readonly lineId: string | null;
}

export interface ControlPlanChecks {
  readonly missingLines: readonly MissingLine[];
  readonly untraced: readonly UntracedLine[];
  readonly weakDetections: readonly WeakDetection[];
}

/** D from which a detection counts as weak on a CC characteristic (issue 13). */
export const WEAK_DETECTION_FROM = 7;

export function controlPlanChecks(lines: readonly CheckedLine[], model: ControlPlanModel): ControlPlanChecks {
  const index = indexControlPlanModel(model);
  const lineOf = new Map<string, string>();
  for (const line of lines) if (line.characteristicId !== null && !lineOf.has(line.characteristicId)) lineOf.set(line.characteristicId, line.id);

  const missingLines: MissingLine[] = [];
  const weakDetections: WeakDetection[] = [];
  for (const place of index.places) {
    const c = place.characteristic;
    const planClass = controlPlanClass(c);
    if (planClass === null) continue;
    if (!lineOf.has(c.id)) missingLines.push({ characteristicId: c.id, stepNodeId: place.step.id, processNo: place.step.processNo, stepName: place.step.name, name: c.name, planClass });
    if (planClass !== 'CC') continue;
    for (const cause of causesOfCharacteristic(place, index)) {
      if (cause.detection === null || cause.detection < WEAK_DETECTION_FROM) continue;
      const controls = (index.controlsOfCause.get(cause.id) ?? []).filter((x) => x.kind === 'detection').map((x) => ({ id: x.id, text: x.description }));
      weakDetections.push({ characteristicId: c.id, name: c.name, causeId: cause.id, detection: cause.detection, controls, lineId: lineOf.get(c.id) ?? null });
    }
  }

  const untraced: UntracedLine[] = [];
  for (const line of lines) {
    if (!line.linked && line.stepNodeId === null && line.characteristicId === null) untraced.push({ lineId: line.id, reason: 'unlinked' });
    else if (line.stepNodeId === null || !index.step.has(line.stepNodeId)) untraced.push({ lineId: line.id, reason: 'stepMissing' });
    else if (line.characteristicId === null || !index.placeOf.has(line.characteristicId)) untraced.push({ lineId: line.id, reason: 'characteristicMissing' });
  }
  return { missingLines, untraced, weakDetections };
}
