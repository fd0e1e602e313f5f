import { FaultTreeError, topGate, type FaultTree, type Gate, type GateOperator } from './model.ts';
import { parseXml, XmlError, type XmlElement } from './xml.ts';

/**
 * Open-PSA Model Exchange Format (MEF) fault trees in (issue 23): `define-fault-tree` with `define-gate`
 * (and, or, atleast with `min`, not, xor; formulas may nest, each nested one becoming a gate of its own),
 * `define-basic-event` with `float` or `exponential` (a `float` or `parameter` rate and
 * `system-mission-time` or a float time), `define-parameter`, and `define-house-event` with `constant`,
 * inside the tree or in `model-data`.
 */
const OPERATORS: readonly GateOperator[] = ['and', 'or', 'atleast', 'not', 'xor'];
const REFERENCES = new Set(['gate', 'basic-event', 'house-event', 'event']);

export interface MefOptions {
  /** Hours, for `system-mission-time` (default: the model's own, else 8760). */
  missionTime?: number;
}

/** The `<opsa-mef>` root of a model; a text that is not XML, or not an Open-PSA model, is a format error. */
export function parseMefModel(text: string): XmlElement {
  let root: XmlElement;
  try {
    root = parseXml(text);
  } catch (error) {
    throw new FaultTreeError('format', error instanceof XmlError ? error.message : String(error));
  }
  if (root.tag !== 'opsa-mef') throw new FaultTreeError('format', `<${root.tag}> is not an Open-PSA model`);
  return root;
}

export function readMef(text: string, options: MefOptions = {}): FaultTree {
  const root = parseMefModel(text);
  const trees = root.children.filter((c) => c.tag === 'define-fault-tree');
  if (trees.length === 0) throw new FaultTreeError('format', 'no define-fault-tree');
  const definitions = [...trees.flatMap((t) => t.children), ...root.children.filter((c) => c.tag === 'model-data').flatMap((m) => m.children)];

  const parameters = new Map<string, XmlElement>();
  for (const d of definitions) if (d.tag === 'define-parameter') parameters.set(d.attrs.name!, d);
  const missionTime = options.missionTime ?? 8760;

  const gates = new Map<string, Gate>();
  let anonymous = 0;
  const formula = (element: XmlElement, name: string): Gate => {
    const operator = element.tag as GateOperator;
    if (!OPERATORS.includes(operator)) throw new FaultTreeError('gate', `${name}: <${element.tag}> is not a gate formula`, { name });
    const inputs = element.children.map((child) => {
      if (REFERENCES.has(child.tag)) return child.attrs.name!;
      const nested = `${name}~${++anonymous}`;
      gates.set(nested, formula(child, nested));
      return nested;
    });
    const gate: Gate = { operator, inputs };
    if (operator === 'atleast') {
      const min = Number(element.attrs.min);
      if (!Number.isInteger(min) || min < 1 || min > inputs.length) throw new FaultTreeError('gate', `${name}: atleast min="${element.attrs.min ?? ''}"`, { name });
      gate.min = min;
    }
    if (operator === 'not' && inputs.length !== 1) throw new FaultTreeError('gate', `${name}: not takes one input`, { name });
    return gate;
  };
  const basicEvents = new Map<string, number>();
  const houseEvents = new Map<string, boolean>();
  for (const d of definitions) {
    const name = d.attrs.name;
    if (!name) continue;
    if (d.tag === 'define-gate') {
      const body = d.children.filter((c) => c.tag !== 'label' && c.tag !== 'attributes');
      if (body.length !== 1) throw new FaultTreeError('gate', `${name}: one formula expected`, { name });
      // a gate that is one reference stands for it: an OR of one input
      gates.set(name, REFERENCES.has(body[0]!.tag) ? { operator: 'or', inputs: [body[0]!.attrs.name!] } : formula(body[0]!, name));
    } else if (d.tag === 'define-basic-event') {
      basicEvents.set(name, probabilityOf(d, name, parameters, missionTime));
    } else if (d.tag === 'define-house-event') {
      const constant = d.children.find((c) => c.tag === 'constant');
      houseEvents.set(name, constant?.attrs.value === 'true');
    }
  }
  for (const [name, gate] of gates) {
    for (const input of gate.inputs) if (!gates.has(input) && !basicEvents.has(input) && !houseEvents.has(input)) throw new FaultTreeError('undefined', `${name} → ${input}`, { name, input });
  }
  return { name: trees[0]!.attrs.name ?? 'tree', top: topGate(gates), gates, basicEvents, houseEvents };
}

function probabilityOf(event: XmlElement, name: string, parameters: ReadonlyMap<string, XmlElement>, missionTime: number): number {
  const expression = event.children.find((c) => c.tag !== 'label' && c.tag !== 'attributes');
  if (!expression) throw new FaultTreeError('probability', `${name}: no probability`, { name });
  const value = evaluate(expression, name, parameters, missionTime, 0);
  if (!(value >= 0 && value <= 1)) throw new FaultTreeError('probability', `${name}: ${value} is not a probability`, { name });
  return value;
}

/** The expressions basic events use: a float, a parameter, the mission time, an exponential distribution (mef-document.ts reads them too). */
export function evaluate(e: XmlElement, name: string, parameters: ReadonlyMap<string, XmlElement>, missionTime: number, depth: number): number {
  if (depth > 32) throw new FaultTreeError('probability', `${name}: parameters refer to each other`, { name });
  const next = (child: XmlElement | undefined) => {
    if (!child) throw new FaultTreeError('probability', `${name}: an incomplete expression`, { name });
    return evaluate(child, name, parameters, missionTime, depth + 1);
  };
  switch (e.tag) {
    case 'float':
    case 'int':
      return Number(e.attrs.value);
    case 'system-mission-time':
      return missionTime;
    case 'parameter': {
      const definition = parameters.get(e.attrs.name ?? '');
      if (!definition) throw new FaultTreeError('undefined', `${name} → parameter ${e.attrs.name ?? ''}`, { name, input: e.attrs.name ?? '' });
      return next(definition.children.find((c) => c.tag !== 'label' && c.tag !== 'attributes'));
    }
    case 'exponential': {
      // P(t) = 1 − e^(−λt)
      const [rate, time] = e.children;
      return 1 - Math.exp(-next(rate) * next(time));
    }
    default:
      throw new FaultTreeError('probability', `${name}: <${e.tag}> is not read`, { name });
  }
}
