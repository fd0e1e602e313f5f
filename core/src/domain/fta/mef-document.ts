import type { FtaBasicEvent, FtaDocument, FtaEventModel, FtaGate, FtaHouseEvent, FtaTransfer } from './document.ts';
import { evaluate, parseMefModel } from './mef.ts';
import { FaultTreeError, type GateOperator } from './model.ts';
import type { XmlElement } from './xml.ts';

/**
 * Open-PSA MEF in and out as stored documents (issue 23), keeping what the user wrote: labels, a basic
 * event's exponential rate (not only its probability), house events, transfers. `readMef` (mef.ts) stays the
 * engine's quick reader of a file; this one is what import and export use.
 *
 * Choices (docs/domain/fta.md, "MEF exchange"):
 * - Every `define-fault-tree` of a model is a document. A gate whose whole formula is a reference to another
 *   tree's top gate is a transfer to that tree; any other reference into another tree copies the gates it
 *   reaches (MEF names are model-wide), so each document analyses alone.
 * - A nested formula becomes a gate of its own, named `<gate>~<n>`.
 * - The mission time: the option, else the tree's `mission-time` attribute (what `writeMef` writes), else the
 *   one constant time every `exponential` uses, else 8760 h. An exponential over `system-mission-time` (or
 *   over a time equal to the mission time) stays a rate; over another time it is stored as its probability.
 * - Parameters are evaluated to numbers.
 */
const OPERATORS: readonly string[] = ['and', 'or', 'atleast', 'not', 'xor'];
const REFERENCES = new Set(['gate', 'basic-event', 'house-event', 'event']);
const META = new Set(['label', 'attributes']);

/** Hours, when neither the caller nor the model names a mission time: one year. */
export const DEFAULT_MISSION_TIME = 8760;

export interface MefDocumentOptions {
  /** Hours; overrides the model's own. */
  missionTime?: number;
}

const body = (e: XmlElement) => e.children.filter((c) => !META.has(c.tag));
const labelOf = (e: XmlElement) => {
  const text = e.children.find((c) => c.tag === 'label')?.text?.trim();
  return text ? { label: text } : {};
};

/** The tree's own `mission-time` attribute (`<attributes><attribute name="mission-time" value="…"/>`). */
function missionTimeAttribute(tree: XmlElement): number | undefined {
  const attribute = tree.children.find((c) => c.tag === 'attributes')?.children.find((a) => a.tag === 'attribute' && a.attrs.name === 'mission-time');
  const value = Number(attribute?.attrs.value);
  return attribute && Number.isFinite(value) && value > 0 ? value : undefined;
}

/** Every tree of a model, the first first. */
export function readMefDocuments(text: string, options: MefDocumentOptions = {}): FtaDocument[] {
  const root = parseMefModel(text);
  const trees = root.children.filter((c) => c.tag === 'define-fault-tree');
  if (trees.length === 0) throw new FaultTreeError('format', 'no define-fault-tree');
  const shared = root.children.filter((c) => c.tag === 'model-data').flatMap((m) => m.children);

  const gateDefs = new Map<string, { element: XmlElement; tree: number }>();
  const basicDefs = new Map<string, XmlElement>();
  const houseDefs = new Map<string, XmlElement>();
  const parameters = new Map<string, XmlElement>();
  const order = new Map<string, number>();
  const define = (d: XmlElement, tree: number) => {
    const name = d.attrs.name;
    if (!name) return;
    const kinds: Record<string, Map<string, unknown>> = { 'define-gate': gateDefs, 'define-basic-event': basicDefs, 'define-house-event': houseDefs, 'define-parameter': parameters };
    const into = kinds[d.tag];
    if (!into) return;
    if (d.tag !== 'define-parameter' && order.has(name)) throw new FaultTreeError('format', `${name} is defined twice`, { name });
    if (d.tag === 'define-gate') gateDefs.set(name, { element: d, tree });
    else into.set(name, d);
    if (d.tag !== 'define-parameter') order.set(name, order.size);
  };
  trees.forEach((t, i) => t.children.forEach((d) => define(d, i)));
  shared.forEach((d) => define(d, -1));

  const missionTime = options.missionTime ?? missionTimeAttribute(trees[0]!) ?? commonTime(basicDefs, parameters) ?? DEFAULT_MISSION_TIME;

  // every gate of the model, nested formulas as gates of their own
  const gates = new Map<string, FtaGate & { tree: number; rank: number }>();
  const taken = (name: string) => order.has(name) || gates.has(name);
  const formula = (element: XmlElement, name: string, tree: number, rank: number, label: { label?: string }): void => {
    if (!OPERATORS.includes(element.tag)) throw new FaultTreeError('gate', `${name}: <${element.tag}> is not a gate formula`, { name });
    const gate: FtaGate & { tree: number; rank: number } = { name, ...label, operator: element.tag as GateOperator, inputs: [], tree, rank };
    gates.set(name, gate);
    let n = 0;
    for (const child of element.children) {
      if (META.has(child.tag)) continue;
      if (REFERENCES.has(child.tag)) {
        gate.inputs.push(child.attrs.name ?? '');
        continue;
      }
      let nested: string;
      do nested = `${name}~${++n}`;
      while (taken(nested));
      gate.inputs.push(nested);
      formula(child, nested, tree, rank + (gate.inputs.length) / 1000, {});
    }
    if (gate.operator === 'atleast') {
      const min = Number(element.attrs.min);
      if (!Number.isInteger(min) || min < 1 || min > gate.inputs.length) throw new FaultTreeError('gate', `${name}: atleast min="${element.attrs.min ?? ''}"`, { name });
      gate.min = min;
    }
    if (gate.operator === 'not' && gate.inputs.length !== 1) throw new FaultTreeError('gate', `${name}: not takes one input`, { name });
  };
  const wrappers = new Map<string, string>(); // a gate that is one reference → what it references
  for (const [name, { element, tree }] of gateDefs) {
    const parts = body(element);
    if (parts.length !== 1) throw new FaultTreeError('gate', `${name}: one formula expected`, { name });
    const only = parts[0]!;
    if (REFERENCES.has(only.tag)) {
      wrappers.set(name, only.attrs.name ?? '');
      gates.set(name, { name, ...labelOf(element), operator: 'or', inputs: [only.attrs.name ?? ''], tree, rank: order.get(name)! });
    } else formula(only, name, tree, order.get(name)!, labelOf(element));
  }

  // each tree's top: the one gate of the tree no gate of the tree uses
  const tops = trees.map((_, i) => {
    const own = [...gates.values()].filter((g) => g.tree === i);
    if (own.length === 0) throw new FaultTreeError('format', `${trees[i]!.attrs.name ?? i}: a fault tree without gates`);
    const used = new Set(own.flatMap((g) => g.inputs));
    const roots = own.filter((g) => !used.has(g.name)).map((g) => g.name);
    if (roots.length !== 1) throw new FaultTreeError('top', roots.length === 0 ? 'every gate is an input of another' : roots.join(', '), { name: roots.join(', ') });
    return roots[0]!;
  });
  const treeNames = trees.map((t, i) => t.attrs.name ?? `tree${i + 1}`);
  const topOf = new Map(tops.map((top, i) => [top, i]));

  const models = new Map<string, FtaEventModel>();
  const modelOf = (name: string) => {
    let model = models.get(name);
    if (!model) models.set(name, (model = eventModel(basicDefs.get(name)!, name, parameters, missionTime)));
    return model;
  };

  return trees.map((_, i): FtaDocument => {
    const docGates: (FtaGate & { rank: number })[] = [];
    const transfers: (FtaTransfer & { rank: number })[] = [];
    const basicEvents: (FtaBasicEvent & { rank: number })[] = [];
    const houseEvents: (FtaHouseEvent & { rank: number })[] = [];
    const seen = new Set<string>();
    const visit = (name: string, from: string) => {
      if (seen.has(name)) return;
      seen.add(name);
      const gate = gates.get(name);
      if (gate) {
        const target = wrappers.get(name);
        const other = target === undefined ? undefined : topOf.get(target);
        if (other !== undefined && other !== i && gate.tree !== other) {
          transfers.push({ name, ...(gate.label ? { label: gate.label } : {}), tree: treeNames[other]!, rank: gate.rank });
          return;
        }
        const { tree: _tree, ...kept } = gate;
        docGates.push(kept);
        for (const input of gate.inputs) visit(input, name);
      } else if (basicDefs.has(name)) {
        basicEvents.push({ name, ...labelOf(basicDefs.get(name)!), model: modelOf(name), rank: order.get(name)! });
      } else if (houseDefs.has(name)) {
        const element = houseDefs.get(name)!;
        const constant = body(element).find((c) => c.tag === 'constant');
        houseEvents.push({ name, ...labelOf(element), state: constant?.attrs.value === 'true', rank: order.get(name)! });
      } else throw new FaultTreeError('undefined', `${from} → ${name}`, { name: from, input: name });
    };
    visit(tops[i]!, tops[i]!);
    const ranked = <T extends { rank: number }>(list: T[]) => list.sort((a, b) => a.rank - b.rank).map(({ rank: _rank, ...rest }) => rest);
    return { name: treeNames[i]!, missionTime, top: tops[i]!, gates: ranked(docGates), basicEvents: ranked(basicEvents), houseEvents: ranked(houseEvents), transfers: ranked(transfers) };
  });
}

/** The model's first tree as a document. */
export function readMefDocument(text: string, options: MefDocumentOptions = {}): FtaDocument {
  return readMefDocuments(text, options)[0]!;
}

/** The one constant time every exponential of the model uses, if they agree. */
function commonTime(events: ReadonlyMap<string, XmlElement>, parameters: ReadonlyMap<string, XmlElement>): number | undefined {
  const times = new Set<number>();
  for (const [name, event] of events) {
    const expression = body(event)[0];
    if (expression?.tag !== 'exponential') continue;
    const time = body(expression)[1];
    if (!time || time.tag === 'system-mission-time') continue;
    times.add(evaluate(time, name, parameters, NaN, 0));
  }
  const [only] = times;
  return times.size === 1 && only! > 0 ? only : undefined;
}

function eventModel(event: XmlElement, name: string, parameters: ReadonlyMap<string, XmlElement>, missionTime: number): FtaEventModel {
  const expression = body(event)[0];
  if (!expression) throw new FaultTreeError('probability', `${name}: no probability`, { name });
  let model: FtaEventModel;
  const [rate, time] = expression.tag === 'exponential' ? body(expression) : [];
  if (rate && time && (time.tag === 'system-mission-time' || evaluate(time, name, parameters, missionTime, 0) === missionTime)) {
    model = { kind: 'exponential', rate: evaluate(rate, name, parameters, missionTime, 0) };
    if (!(model.rate >= 0 && Number.isFinite(model.rate))) throw new FaultTreeError('probability', `${name}: rate ${model.rate}`, { name });
  } else {
    model = { kind: 'probability', probability: evaluate(expression, name, parameters, missionTime, 0) };
    if (!(model.probability >= 0 && model.probability <= 1)) throw new FaultTreeError('probability', `${name}: ${model.probability} is not a probability`, { name });
  }
  return model;
}
