import type { CharacteristicClass } from '../../domain/fmea/vocabulary.ts';
import {
  basisOf,
  controlPlanChecks,
  controlPlanClass,
  indexControlPlanModel,
  lineContradictions,
  machineText,
  pfmeaControlText,
  readBasis,
  specialClassText,
  suspectReasons,
  type ChangeStamp,
  type ContradictionColumn,
  type ControlPlanBasis,
  type ControlPlanChecks,
  type ControlPlanClass,
  type ControlPlanColumnKey,
  type ControlPlanHeader,
  type ControlPlanModel,
  type SuspectReasonCode,
} from '../../domain/pfmea/index.ts';
import type { CharacteristicKind, ControlPlanLineOrigin, ControlPlanPhase } from '../../domain/pfmea/vocabulary.ts';
import type { ControlPlanLineRow } from './control-plan-read.ts';

/**
 * The control plan as its readers see it: each line with the PFMEA's live
 * values merged in (a linked line reads its step, characteristic, class,
 * machine and controls from the PFMEA, never from a copy), its suspect
 * reasons and its contradictions; the plan with the reviewer's checks.
 */
export type ControlPlanTexts = Record<ControlPlanColumnKey, string>;

export interface LineReason {
  readonly code: SuspectReasonCode;
  readonly params: Readonly<Record<string, string | number>>;
  readonly by: string | null;
  readonly byName: string | null;
  readonly at: Date | null;
}

export interface LineContradiction {
  readonly column: ContradictionColumn;
  readonly text: string;
  readonly pfmeaText: string;
  readonly controlIds: readonly string[];
}

export interface ControlPlanLineView extends ControlPlanTexts {
  readonly id: string;
  readonly version: number;
  readonly origin: ControlPlanLineOrigin;
  readonly sort: number;
  readonly linked: boolean;
  readonly stepNodeId: string | null;
  readonly characteristicId: string | null;
  readonly characteristicKind: CharacteristicKind | null;
  readonly characteristicClass: CharacteristicClass | null;
  readonly planClass: ControlPlanClass | null;
  readonly ownControlMethod: string | null;
  readonly ownEvaluationTechnique: string | null;
  readonly pfmea: {
    readonly prevention: readonly { readonly id: string; readonly text: string }[];
    readonly detection: readonly { readonly id: string; readonly text: string }[];
    readonly worstDetection: number | null;
  } | null;
  readonly suspect: boolean;
  readonly reasons: readonly LineReason[];
  readonly contradictions: readonly LineContradiction[];
  readonly reviewedBy: string | null;
  readonly reviewedByName: string | null;
  readonly reviewedAt: Date | null;
  readonly updatedBy: string | null;
  readonly updatedAt: Date;
}

export interface ControlPlanMark {
  readonly phase: ControlPlanPhase;
  readonly lineId: string;
  readonly stepNodeId: string | null;
  readonly characteristicId: string;
  readonly column: ContradictionColumn;
  readonly text: string;
  readonly pfmeaText: string;
  readonly controlIds: readonly string[];
}

export interface ControlPlanView {
  readonly plan: {
    readonly id: string | null;
    readonly projectId: string;
    readonly phase: ControlPlanPhase;
    readonly header: ControlPlanHeader;
    readonly version: number;
    readonly updatedBy: string | null;
    readonly updatedAt: Date | null;
  };
  readonly columns: readonly ControlPlanColumnKey[];
  readonly lines: readonly ControlPlanLineView[];
  readonly marks: readonly ControlPlanMark[];
  readonly checks: ControlPlanChecks;
  readonly counts: { readonly lines: number; readonly suspect: number; readonly contradictions: number };
}

const text = (value: string | null | undefined) => value ?? '';

/** The columns a linked line shows: the PFMEA's now, or, where it lost its step or characteristic, what the basis last said. */
function linkedTexts(row: ControlPlanLineRow, current: ControlPlanBasis, stored: ControlPlanBasis, model: ControlPlanModel): ControlPlanTexts {
  const index = indexControlPlanModel(model);
  const step = current.step ?? stored.step;
  const characteristic = current.characteristic ?? stored.characteristic;
  const shown = current.characteristic ? current : stored;
  const place = current.characteristic ? index.placeOf.get(current.characteristic.id) : undefined;
  const name = characteristic?.name ?? '';
  return {
    processNo: text(step?.processNo),
    processName: text(step?.name),
    machine: place ? machineText(place, index) : text(row.machine),
    characteristicNo: text(row.characteristicNo),
    productCharacteristic: characteristic?.kind === 'product' ? name : '',
    processCharacteristic: characteristic?.kind === 'process' ? name : '',
    specialClass: characteristic ? specialClassText(characteristic) : '',
    specification: text(row.specification),
    evaluationTechnique: row.measurementTechnique ?? pfmeaControlText(shown, 'detection'),
    sampleSize: text(row.sampleSize),
    sampleFrequency: text(row.sampleFrequency),
    controlMethod: row.controlMethod ?? pfmeaControlText(shown, 'prevention'),
    reactionPlan: text(row.reactionPlan),
  };
}

const ownTexts = (row: ControlPlanLineRow): ControlPlanTexts => ({
  processNo: text(row.processNo),
  processName: text(row.processName),
  machine: text(row.machine),
  characteristicNo: text(row.characteristicNo),
  productCharacteristic: text(row.productCharacteristic),
  processCharacteristic: text(row.processCharacteristic),
  specialClass: text(row.specialClass),
  specification: text(row.specification),
  evaluationTechnique: text(row.measurementTechnique),
  sampleSize: text(row.sampleSize),
  sampleFrequency: text(row.sampleFrequency),
  controlMethod: text(row.controlMethod),
  reactionPlan: text(row.reactionPlan),
});

/** One line as its readers see it (names of users left empty: `withNames`). */
export function lineView(row: ControlPlanLineRow, model: ControlPlanModel, stamps: ReadonlyMap<string, ChangeStamp>, known?: ControlPlanBasis): ControlPlanLineView {
  const stored = readBasis(row.basis);
  const current = stored ? (known ?? basisOf(row, model)) : null;
  const reasons = stored && current ? suspectReasons(stored, current, stamps) : [];
  const contradictions = current ? lineContradictions(row, current) : [];
  const characteristic = current?.characteristic ?? stored?.characteristic ?? null;
  const texts = stored && current ? linkedTexts(row, current, stored, model) : ownTexts(row);
  return {
    id: row.id,
    version: row.version,
    origin: row.origin,
    sort: row.sort,
    linked: stored !== null,
    stepNodeId: row.stepNodeId,
    characteristicId: row.characteristicId,
    characteristicKind: characteristic?.kind ?? null,
    characteristicClass: characteristic?.characteristicClass ?? null,
    planClass: characteristic ? controlPlanClass(characteristic) : null,
    ...texts,
    ownControlMethod: stored ? row.controlMethod : null,
    ownEvaluationTechnique: stored ? row.measurementTechnique : null,
    pfmea: current?.characteristic
      ? {
          prevention: current.controls.filter((c) => c.kind === 'prevention').map((c) => ({ id: c.id, text: c.text })),
          detection: current.controls.filter((c) => c.kind === 'detection').map((c) => ({ id: c.id, text: c.text })),
          worstDetection: current.worstDetection,
        }
      : null,
    suspect: reasons.length > 0,
    reasons: reasons.map((r) => ({ ...r, byName: null })),
    contradictions,
    reviewedBy: row.reviewedBy,
    reviewedByName: null,
    reviewedAt: row.reviewedAt,
    updatedBy: row.updatedBy,
    updatedAt: row.updatedAt,
  };
}

/** The users the views name (reasons and reviews), for one name lookup. */
export function namedUsers(views: readonly ControlPlanLineView[]): Set<string> {
  const ids = new Set<string>();
  for (const view of views) {
    if (view.reviewedBy) ids.add(view.reviewedBy);
    for (const reason of view.reasons) if (reason.by) ids.add(reason.by);
  }
  return ids;
}

/** The views with the names of the users they name. */
export function withNames(views: readonly ControlPlanLineView[], names: ReadonlyMap<string, string>): ControlPlanLineView[] {
  const nameOf = (id: string | null) => (id === null ? null : (names.get(id) ?? null));
  return views.map((v) => ({ ...v, reviewedByName: nameOf(v.reviewedBy), reasons: v.reasons.map((r) => ({ ...r, byName: nameOf(r.by) })) }));
}

/** The marks the lines put on the PFMEA: each contradiction, with the characteristic and controls it concerns. */
export function marksOf(phase: ControlPlanPhase, lines: readonly ControlPlanLineView[]): ControlPlanMark[] {
  return lines.flatMap((line) =>
    line.characteristicId === null ? [] : line.contradictions.map((c) => ({ phase, lineId: line.id, stepNodeId: line.stepNodeId, characteristicId: line.characteristicId!, ...c })),
  );
}

export function checksOf(rows: readonly ControlPlanLineRow[], model: ControlPlanModel): ControlPlanChecks {
  return controlPlanChecks(
    rows.map((r) => ({ id: r.id, stepNodeId: r.stepNodeId, characteristicId: r.characteristicId, linked: r.basis !== null && r.basis !== undefined })),
    model,
  );
}
