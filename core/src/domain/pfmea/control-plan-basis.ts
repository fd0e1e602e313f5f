import type { CharacteristicClass, ControlKind } from '../fmea/vocabulary.ts';
import { causesOfCharacteristic, controlsOfCauses, indexControlPlanModel, worstDetection, type CharacteristicPlace, type ControlPlanIndex, type ControlPlanModel, type ChangeStamp } from './control-plan-model.ts';
import type { CharacteristicKind } from './vocabulary.ts';

/**
 * The sync model of the control plan: a line points at its PFMEA step and
 * characteristic and keeps, as its basis, what the PFMEA said about them when
 * the line was generated or last reviewed. The line is suspect while the
 * PFMEA says something else now; the reasons are the differences, each with
 * who changed the row and when, where that is known.
 */
export interface BasisStep {
  readonly id: string;
  readonly processNo: string | null;
  readonly name: string;
}

export interface BasisCharacteristic {
  readonly id: string;
  readonly functionId: string;
  readonly nodeId: string;
  readonly name: string;
  readonly characteristicClass: CharacteristicClass;
  readonly special: boolean;
  readonly customerClass: string | null;
  readonly kind: CharacteristicKind;
}

export interface BasisControl {
  readonly id: string;
  readonly causeId: string;
  readonly kind: ControlKind;
  readonly text: string;
}

export interface ControlPlanBasis {
  readonly step: BasisStep | null;
  readonly characteristic: BasisCharacteristic | null;
  /** The controls the line cites: prevention ones, then detection ones. */
  readonly controls: readonly BasisControl[];
  /** The causes behind them, with their D. */
  readonly causes: readonly { readonly id: string; readonly detection: number | null }[];
  readonly worstDetection: number | null;
}

export const EMPTY_BASIS: ControlPlanBasis = { step: null, characteristic: null, controls: [], causes: [], worstDetection: null };

/** What the PFMEA says now about the line's step and characteristic (the generation's rule for the controls). */
export function basisOf(line: { readonly stepNodeId: string | null; readonly characteristicId: string | null }, model: ControlPlanModel): ControlPlanBasis {
  const index = indexControlPlanModel(model);
  const place = line.characteristicId === null ? undefined : index.placeOf.get(line.characteristicId);
  if (place) return basisOfPlace(place, index);
  const step = line.stepNodeId === null ? undefined : index.step.get(line.stepNodeId);
  return step ? { ...EMPTY_BASIS, step: { id: step.id, processNo: step.processNo, name: step.name } } : EMPTY_BASIS;
}

function basisOfPlace(place: CharacteristicPlace, index: ControlPlanIndex): ControlPlanBasis {
  const c = place.characteristic;
  const causes = causesOfCharacteristic(place, index);
  const { prevention, detection } = controlsOfCauses(causes, index);
  return {
    step: { id: place.step.id, processNo: place.step.processNo, name: place.step.name },
    characteristic: {
      id: c.id,
      functionId: c.functionId,
      nodeId: place.element?.id ?? place.step.id,
      name: c.name,
      characteristicClass: c.characteristicClass,
      special: c.special,
      customerClass: c.customerClass,
      kind: place.kind,
    },
    controls: [...prevention, ...detection].map((x) => ({ id: x.id, causeId: x.causeId, kind: x.kind, text: x.description })),
    causes: causes.map((x) => ({ id: x.id, detection: x.detection })),
    worstDetection: worstDetection(causes),
  };
}

/** One line the generation adds: a characteristic of a step, the controls it cites and its basis (the PFMEA now). */
export interface GeneratedLine {
  readonly stepNodeId: string;
  readonly characteristicId: string;
  readonly kind: CharacteristicKind;
  /** Prevention controls first, then detection controls. */
  readonly controlIds: readonly string[];
  readonly basis: ControlPlanBasis;
}

/**
 * One line per product or process characteristic of a process step, in
 * process order (a step's product characteristics, then its work elements'
 * process characteristics), citing the prevention and detection controls of
 * the characteristic's causes. `skip` names characteristics that already have
 * a line: they get none (generation never overwrites a line).
 */
export function generateLines(model: ControlPlanModel, skip: ReadonlySet<string> = new Set()): GeneratedLine[] {
  const index = indexControlPlanModel(model);
  const out: GeneratedLine[] = [];
  for (const place of index.places) {
    if (skip.has(place.characteristic.id)) continue;
    const basis = basisOfPlace(place, index);
    out.push({ stepNodeId: place.step.id, characteristicId: place.characteristic.id, kind: place.kind, controlIds: basis.controls.map((c) => c.id), basis });
  }
  return out;
}

/**
 * A basis as stored (control_plan_line.basis, JSON): the same facts with the
 * step, the characteristic, each cause and each control as an array, and a
 * control naming its cause by position. A product characteristic cites every
 * control of its step's causes, so this halves what a large plan writes and
 * reads, with the keys still saying what is what.
 */
export interface StoredBasis {
  readonly step: readonly [id: string, processNo: string | null, name: string] | null;
  readonly characteristic: readonly [id: string, functionId: string, nodeId: string, name: string, characteristicClass: CharacteristicClass, special: 0 | 1, customerClass: string | null, kind: CharacteristicKind] | null;
  readonly causes: readonly (readonly [id: string, detection: number | null])[];
  readonly controls: readonly (readonly [id: string, cause: number, kind: ControlKind, text: string])[];
  readonly worstDetection: number | null;
}

export function storeBasis(basis: ControlPlanBasis): StoredBasis {
  const causeAt = new Map(basis.causes.map((c, i) => [c.id, i]));
  const { step, characteristic: c } = basis;
  return {
    step: step ? [step.id, step.processNo, step.name] : null,
    characteristic: c ? [c.id, c.functionId, c.nodeId, c.name, c.characteristicClass, c.special ? 1 : 0, c.customerClass, c.kind] : null,
    causes: basis.causes.map((x) => [x.id, x.detection] as const),
    controls: basis.controls.map((x) => [x.id, causeAt.get(x.causeId) ?? -1, x.kind, x.text] as const),
    worstDetection: basis.worstDetection,
  };
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const tuple = (v: unknown): readonly unknown[] => (Array.isArray(v) ? v : []);
const text = (v: unknown): string => (typeof v === 'string' ? v : '');
const textOrNull = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const rating = (v: unknown): number | null => (typeof v === 'number' && Number.isInteger(v) ? v : null);

/** A stored basis (JSON, `StoredBasis`) read back defensively; null when the line has none (never linked). */
export function readBasis(value: unknown): ControlPlanBasis | null {
  if (!isObject(value)) return null;
  const s = Array.isArray(value.step) ? value.step : null;
  const step = s ? { id: text(s[0]), processNo: textOrNull(s[1]), name: text(s[2]) } : null;
  const ch = Array.isArray(value.characteristic) ? value.characteristic : null;
  const characteristic = ch
    ? {
        id: text(ch[0]),
        functionId: text(ch[1]),
        nodeId: text(ch[2]),
        name: text(ch[3]),
        characteristicClass: text(ch[4]) as CharacteristicClass,
        special: ch[5] === 1,
        customerClass: textOrNull(ch[6]),
        kind: (ch[7] === 'process' ? 'process' : 'product') as CharacteristicKind,
      }
    : null;
  const causes = tuple(value.causes).map((c) => ({ id: text(tuple(c)[0]), detection: rating(tuple(c)[1]) }));
  const controls = tuple(value.controls).map((x) => {
    const [id, cause, kind, label] = tuple(x);
    return { id: text(id), causeId: typeof cause === 'number' ? (causes[cause]?.id ?? '') : '', kind: (kind === 'detection' ? 'detection' : 'prevention') as ControlKind, text: text(label) };
  });
  return { step, characteristic, controls, causes, worstDetection: rating(value.worstDetection) };
}

export const SUSPECT_REASON_CODES = [
  'step_deleted',
  'step_number_changed',
  'step_renamed',
  'characteristic_deleted',
  'characteristic_renamed',
  'class_changed',
  'special_changed',
  'customer_class_changed',
  'control_added',
  'control_removed',
  'control_changed',
  'detection_changed',
] as const;
export type SuspectReasonCode = (typeof SUSPECT_REASON_CODES)[number];
export const suspectReasonKey = (code: SuspectReasonCode) => `controlPlan.reason.${code}`;

export interface SuspectReason {
  readonly code: SuspectReasonCode;
  readonly params: Readonly<Record<string, string | number>>;
  /** Who changed the PFMEA row and when, when known (the row's updated_by/updated_at, or the log of its deletion). */
  readonly by: string | null;
  readonly at: Date | null;
}

/** Who changed which PFMEA row when, by row id (steps, characteristics, causes, controls, and the deleted ones the log remembers). */
export type ChangeStamps = ReadonlyMap<string, ChangeStamp>;

const NONE = '–';

/**
 * Why a line is suspect: every difference between its stored basis and what
 * the PFMEA says now. No stored basis (a line never linked) is never suspect.
 * Each reason carries the stamp of the first of its rows `changes` knows.
 */
export function suspectReasons(stored: ControlPlanBasis | null, current: ControlPlanBasis, changes: ChangeStamps = new Map()): SuspectReason[] {
  if (stored === null) return [];
  const out: SuspectReason[] = [];
  const add = (code: SuspectReasonCode, params: Record<string, string | number>, ...ids: (string | null | undefined)[]) => {
    const stamp = ids.map((id) => (id ? changes.get(id) : undefined)).find((s) => s !== undefined);
    out.push({ code, params, by: stamp?.by ?? null, at: stamp?.at ?? null });
  };

  const [was, now] = [stored.step, current.step];
  if (was && !now) add('step_deleted', { processNo: was.processNo ?? NONE, name: was.name }, was.id);
  if (was && now) {
    if ((was.processNo ?? '') !== (now.processNo ?? '')) add('step_number_changed', { from: was.processNo ?? NONE, to: now.processNo ?? NONE }, now.id);
    if (was.name !== now.name) add('step_renamed', { from: was.name, to: now.name }, now.id);
  }

  const [before, after] = [stored.characteristic, current.characteristic];
  if (before && !after) add('characteristic_deleted', { name: before.name }, before.id, before.functionId, before.nodeId, was?.id);
  if (before && after) {
    if (before.name !== after.name) add('characteristic_renamed', { from: before.name, to: after.name }, after.id);
    if (before.characteristicClass !== after.characteristicClass) add('class_changed', { name: after.name, from: before.characteristicClass, to: after.characteristicClass }, after.id);
    if (before.special !== after.special) add('special_changed', { name: after.name, special: after.special ? 'yes' : 'no' }, after.id);
    if ((before.customerClass ?? '') !== (after.customerClass ?? '')) add('customer_class_changed', { name: after.name, from: before.customerClass || NONE, to: after.customerClass || NONE }, after.id);
  }

  // Controls only matter while the characteristic is there: a deleted one already says the rest.
  if (!before || after) {
    const nowById = new Map(current.controls.map((c) => [c.id, c]));
    const wasById = new Map(stored.controls.map((c) => [c.id, c]));
    for (const c of stored.controls) {
      const n = nowById.get(c.id);
      if (!n) add('control_removed', { kind: c.kind, text: c.text }, c.id, c.causeId);
      else if (n.text !== c.text || n.kind !== c.kind) add('control_changed', { kind: n.kind, from: c.text, to: n.text }, n.id);
    }
    for (const c of current.controls) if (!wasById.has(c.id)) add('control_added', { kind: c.kind, text: c.text }, c.id, c.causeId);
    if (stored.worstDetection !== current.worstDetection) {
      const wasD = new Map(stored.causes.map((c) => [c.id, c.detection]));
      const moved = current.causes.find((c) => !wasD.has(c.id) || wasD.get(c.id) !== c.detection);
      const gone = stored.causes.find((c) => !current.causes.some((n) => n.id === c.id));
      add('detection_changed', { from: stored.worstDetection ?? NONE, to: current.worstDetection ?? NONE }, moved?.id, gone?.id);
    }
  }
  return out;
}

/** A control-plan text compared as the set of its lines: case, spacing, order and repeats do not count ("A; b" = "B\na"). */
export function normalizedControlText(value: string): string {
  const parts = value
    .split(/\r?\n|[;；]/)
    .map((p) => p.trim().replace(/\s+/g, ' ').toLowerCase())
    .filter((p) => p !== '');
  return [...new Set(parts)].sort().join('\n');
}

/** The PFMEA's text for a column: its controls of the kind, one per line, each text once. */
export function pfmeaControlText(basis: ControlPlanBasis, kind: ControlKind): string {
  return [...new Set(basis.controls.filter((c) => c.kind === kind).map((c) => c.text))].join('\n');
}

export const CONTRADICTION_COLUMNS = ['controlMethod', 'evaluationTechnique'] as const;
export type ContradictionColumn = (typeof CONTRADICTION_COLUMNS)[number];
/** Which controls a column speaks for: the control method for the prevention controls, the evaluation technique for the detection ones. */
export const CONTROL_KIND_OF_COLUMN = { controlMethod: 'prevention', evaluationTechnique: 'detection' } as const satisfies Record<ContradictionColumn, ControlKind>;

export interface Contradiction {
  readonly column: ContradictionColumn;
  /** What the control plan says. */
  readonly text: string;
  /** What the PFMEA says (its controls of the kind, one per line; empty when it has none). */
  readonly pfmeaText: string;
  /** The PFMEA controls the line contradicts (empty when the PFMEA has none of the kind). */
  readonly controlIds: readonly string[];
}

/**
 * The reverse mark: a linked line whose own control method (or evaluation
 * technique) says something other than the PFMEA's prevention (or detection)
 * controls of its characteristic. Only a line that still points at a
 * characteristic can contradict it; its own texts are null when it follows
 * the PFMEA.
 */
export function lineContradictions(own: { readonly controlMethod: string | null; readonly measurementTechnique: string | null }, current: ControlPlanBasis): Contradiction[] {
  if (!current.characteristic) return [];
  const out: Contradiction[] = [];
  const check = (column: ContradictionColumn, value: string | null) => {
    if (value === null || value.trim() === '') return;
    const kind = CONTROL_KIND_OF_COLUMN[column];
    const pfmeaText = pfmeaControlText(current, kind);
    if (normalizedControlText(value) === normalizedControlText(pfmeaText)) return;
    out.push({ column, text: value, pfmeaText, controlIds: current.controls.filter((c) => c.kind === kind).map((c) => c.id) });
  };
  check('controlMethod', own.controlMethod);
  check('evaluationTechnique', own.measurementTechnique);
  return out;
}

/** A text the team wrote that says what the PFMEA says is no text of its own: the line follows the PFMEA (null). */
export function ownControlText(value: string | null | undefined, current: ControlPlanBasis, column: ContradictionColumn): string | null {
  const trimmed = value?.trim() ?? '';
  if (trimmed === '') return null;
  if (current.characteristic && normalizedControlText(trimmed) === normalizedControlText(pfmeaControlText(current, CONTROL_KIND_OF_COLUMN[column]))) return null;
  return trimmed;
}
