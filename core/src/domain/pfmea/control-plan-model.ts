import type { CharacteristicClass, ControlKind } from '../fmea/vocabulary.ts';
import type { CharacteristicKind, WorkElementType } from './vocabulary.ts';

/**
 * What the control plan reads of a PFMEA, as plain data: the process steps
 * (children of the process item) in process order, their work elements, the
 * functions of both, characteristics, modes, causes with the modes they are
 * linked to, and the causes' controls. Arrays come in the PFMEA's order
 * (tree pre-order, then sort); the rules keep that order. Every row the
 * suspect marks may name carries who changed it last and when.
 */
export interface ChangeStamp {
  readonly by: string | null;
  readonly at: Date | null;
}

export interface CpStep extends ChangeStamp {
  readonly id: string;
  readonly processNo: string | null;
  readonly name: string;
}

export interface CpElement {
  readonly id: string;
  readonly stepId: string;
  readonly name: string;
  readonly type: WorkElementType | null;
}

export interface CpFunction {
  readonly id: string;
  readonly nodeId: string;
}

export interface CpCharacteristic extends ChangeStamp {
  readonly id: string;
  readonly functionId: string;
  readonly name: string;
  readonly characteristicClass: CharacteristicClass;
  readonly special: boolean;
  readonly customerClass: string | null;
  /** As stored; null means the level's kind (product on a step, process on a work element). */
  readonly kind: CharacteristicKind | null;
}

export interface CpMode {
  readonly id: string;
  readonly functionId: string;
}

export interface CpCause extends ChangeStamp {
  readonly id: string;
  readonly functionId: string;
  readonly detection: number | null;
  /** The modes this cause is linked to (FM → FC). */
  readonly modeIds: readonly string[];
}

export interface CpControl extends ChangeStamp {
  readonly id: string;
  readonly causeId: string;
  readonly kind: ControlKind;
  readonly description: string;
}

export interface ControlPlanModel {
  readonly steps: readonly CpStep[];
  readonly elements: readonly CpElement[];
  readonly functions: readonly CpFunction[];
  readonly characteristics: readonly CpCharacteristic[];
  readonly modes: readonly CpMode[];
  readonly causes: readonly CpCause[];
  readonly controls: readonly CpControl[];
}

/** Where a characteristic sits: its step and, for a process characteristic, its work element. */
export interface CharacteristicPlace {
  readonly characteristic: CpCharacteristic;
  readonly step: CpStep;
  readonly element: CpElement | null;
  readonly kind: CharacteristicKind;
}

export interface ControlPlanIndex {
  readonly step: ReadonlyMap<string, CpStep>;
  readonly stepOrder: ReadonlyMap<string, number>;
  readonly element: ReadonlyMap<string, CpElement>;
  readonly elementsOfStep: ReadonlyMap<string, readonly CpElement[]>;
  readonly function: ReadonlyMap<string, CpFunction>;
  readonly characteristic: ReadonlyMap<string, CpCharacteristic>;
  readonly cause: ReadonlyMap<string, CpCause>;
  readonly causesOfFunction: ReadonlyMap<string, readonly CpCause[]>;
  readonly causesOfMode: ReadonlyMap<string, readonly CpCause[]>;
  readonly modesOfFunction: ReadonlyMap<string, readonly CpMode[]>;
  readonly controlsOfCause: ReadonlyMap<string, readonly CpControl[]>;
  readonly control: ReadonlyMap<string, CpControl>;
  /** Characteristics on steps and work elements, in process order (a step's own first, then its elements'). */
  readonly places: readonly CharacteristicPlace[];
  readonly placeOf: ReadonlyMap<string, CharacteristicPlace>;
}

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = out.get(k);
    if (list) list.push(item);
    else out.set(k, [item]);
  }
  return out;
}

const indexes = new WeakMap<ControlPlanModel, ControlPlanIndex>();

/** The model's lookups, built once per model object (the rules call it for every line). */
export function indexControlPlanModel(model: ControlPlanModel): ControlPlanIndex {
  const cached = indexes.get(model);
  if (cached) return cached;
  const step = new Map(model.steps.map((s) => [s.id, s]));
  const element = new Map(model.elements.filter((e) => step.has(e.stepId)).map((e) => [e.id, e]));
  const fn = new Map(model.functions.map((f) => [f.id, f]));
  const causesOfMode = new Map<string, CpCause[]>();
  for (const cause of model.causes) {
    for (const modeId of cause.modeIds) {
      const list = causesOfMode.get(modeId);
      if (list) list.push(cause);
      else causesOfMode.set(modeId, [cause]);
    }
  }
  const places: CharacteristicPlace[] = [];
  const charsOfNode = groupBy(model.characteristics, (c) => fn.get(c.functionId)?.nodeId ?? '');
  const elementsOfStep = groupBy([...element.values()], (e) => e.stepId);
  for (const s of model.steps) {
    for (const c of charsOfNode.get(s.id) ?? []) places.push({ characteristic: c, step: s, element: null, kind: c.kind ?? 'product' });
    for (const e of elementsOfStep.get(s.id) ?? []) {
      for (const c of charsOfNode.get(e.id) ?? []) places.push({ characteristic: c, step: s, element: e, kind: c.kind ?? 'process' });
    }
  }
  const index: ControlPlanIndex = {
    step,
    stepOrder: new Map(model.steps.map((s, i) => [s.id, i])),
    element,
    elementsOfStep,
    function: fn,
    characteristic: new Map(model.characteristics.map((c) => [c.id, c])),
    cause: new Map(model.causes.map((c) => [c.id, c])),
    causesOfFunction: groupBy(model.causes, (c) => c.functionId),
    causesOfMode,
    modesOfFunction: groupBy(model.modes, (m) => m.functionId),
    controlsOfCause: groupBy(model.controls, (c) => c.causeId),
    control: new Map(model.controls.map((c) => [c.id, c])),
    places,
    placeOf: new Map(places.map((p) => [p.characteristic.id, p])),
  };
  indexes.set(model, index);
  return index;
}

/**
 * The causes a characteristic's line controls: the causes on the function
 * that carries the characteristic, and, for a product characteristic on a
 * step, the causes on the step's work elements linked to the failure modes of
 * that function. In the model's order, each once.
 */
export function causesOfCharacteristic(place: CharacteristicPlace, index: ControlPlanIndex): CpCause[] {
  const out = new Map<string, CpCause>();
  const functionId = place.characteristic.functionId;
  for (const cause of index.causesOfFunction.get(functionId) ?? []) out.set(cause.id, cause);
  if (place.element === null) {
    for (const mode of index.modesOfFunction.get(functionId) ?? []) {
      for (const cause of index.causesOfMode.get(mode.id) ?? []) {
        const node = index.function.get(cause.functionId)?.nodeId;
        const element = node === undefined ? undefined : index.element.get(node);
        if (element && element.stepId === place.step.id) out.set(cause.id, cause);
      }
    }
  }
  return [...out.values()];
}

/** The controls of those causes: prevention ones (the control method) and detection ones (the evaluation technique), each in order, each once. */
export function controlsOfCauses(causes: readonly CpCause[], index: ControlPlanIndex): { prevention: CpControl[]; detection: CpControl[] } {
  const prevention: CpControl[] = [];
  const detection: CpControl[] = [];
  for (const cause of causes) {
    for (const control of index.controlsOfCause.get(cause.id) ?? []) (control.kind === 'prevention' ? prevention : detection).push(control);
  }
  return { prevention, detection };
}

/** The highest (worst) D of the causes, or null when none is rated. */
export function worstDetection(causes: readonly CpCause[]): number | null {
  let worst: number | null = null;
  for (const cause of causes) if (cause.detection !== null && (worst === null || cause.detection > worst)) worst = cause.detection;
  return worst;
}

/**
 * The machine column of a line: the work element itself when a process
 * characteristic sits on a machine, otherwise the step's machine work
 * elements (4M "Machine"), one per line.
 */
export function machineText(place: CharacteristicPlace, index: ControlPlanIndex): string {
  if (place.element?.type === 'machine') return place.element.name;
  return (index.elementsOfStep.get(place.step.id) ?? [])
    .filter((e) => e.type === 'machine')
    .map((e) => e.name)
    .join('\n');
}

/**
 * The control plan's class of a characteristic: CC for safety and critical
 * ones, SC for significant ones and for a general one marked special, none
 * otherwise. The class column shows the customer's own class when there is one.
 */
export type ControlPlanClass = 'CC' | 'SC';
export function controlPlanClass(c: Pick<CpCharacteristic, 'characteristicClass' | 'special'>): ControlPlanClass | null {
  if (c.characteristicClass === 'safety' || c.characteristicClass === 'critical') return 'CC';
  if (c.characteristicClass === 'significant' || c.special) return 'SC';
  return null;
}

export const specialClassText = (c: Pick<CpCharacteristic, 'characteristicClass' | 'special' | 'customerClass'>): string => c.customerClass?.trim() || (controlPlanClass(c) ?? '');
