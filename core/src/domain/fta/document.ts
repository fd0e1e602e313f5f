import { FaultTreeError, type FaultTree, type Gate, type GateOperator } from './model.ts';

/**
 * A fault tree as it is stored, edited and exchanged (issue 23): what the user wrote, not only what the
 * engine computes with. A basic event keeps its model (a probability, or a failure rate per hour that the
 * mission time turns into one), a gate its label, a transfer the tree it stands for. The engine's
 * `FaultTree` is drawn from it (`toFaultTree`); MEF import and export read and write this.
 *
 * Names are the MEF's identifiers: unique across gates, basic events, house events and transfers of one
 * document; inputs refer to them.
 */
export interface FtaDocument {
  /** The tree's name (MEF `define-fault-tree name`). */
  name: string;
  /** Hours; an exponential basic event's probability is 1 − e^(−λt) over it. */
  missionTime: number;
  /** The top event: a gate's name. */
  top: string;
  gates: FtaGate[];
  basicEvents: FtaBasicEvent[];
  houseEvents: FtaHouseEvent[];
  /** Transfer-in events: stand for the top event of another stored tree (by its number), or of a tree in the same MEF model. */
  transfers: FtaTransfer[];
}

export interface FtaGate {
  name: string;
  /** The description the diagram shows (MEF `label`). */
  label?: string;
  operator: GateOperator;
  /** k of an `atleast` gate. */
  min?: number;
  inputs: string[];
}

export type FtaEventModel =
  | { kind: 'probability'; probability: number }
  /** A constant failure rate per hour, over the mission time. */
  | { kind: 'exponential'; rate: number };

export interface FtaBasicEvent {
  name: string;
  label?: string;
  model: FtaEventModel;
}

export interface FtaHouseEvent {
  name: string;
  label?: string;
  state: boolean;
}

export interface FtaTransfer {
  name: string;
  label?: string;
  /** The tree it transfers in: a stored tree's number (FT…) or a tree name of the same MEF model. */
  tree: string;
}

/** An event's probability over the mission time. */
export function eventProbability(model: FtaEventModel, missionTime: number): number {
  return model.kind === 'probability' ? model.probability : 1 - Math.exp(-model.rate * missionTime);
}

/**
 * The engine's tree from a document: transfers are resolved through `resolve` (the other tree's document,
 * whose gates and events join this one's under their own names; a name both use must mean the same event).
 */
export function toFaultTree(doc: FtaDocument, options: { missionTime?: number; resolve?: (tree: string) => FtaDocument | undefined } = {}): FaultTree {
  const missionTime = options.missionTime ?? doc.missionTime;
  const gates = new Map<string, Gate>();
  const basicEvents = new Map<string, number>();
  const houseEvents = new Map<string, boolean>();
  const seen = new Set<string>();
  const add = (d: FtaDocument, trail: readonly string[]) => {
    if (trail.includes(d.name)) throw new FaultTreeError('cycle', `transfer ${[...trail, d.name].join(' → ')}`, { name: d.name });
    if (seen.has(d.name)) return;
    seen.add(d.name);
    for (const g of d.gates) gates.set(g.name, g.operator === 'atleast' ? { operator: g.operator, min: g.min, inputs: [...g.inputs] } : { operator: g.operator, inputs: [...g.inputs] });
    for (const e of d.basicEvents) basicEvents.set(e.name, eventProbability(e.model, missionTime));
    for (const h of d.houseEvents) houseEvents.set(h.name, h.state);
    for (const t of d.transfers) {
      const other = options.resolve?.(t.tree);
      if (!other) throw new FaultTreeError('undefined', `${t.name} → ${t.tree}`, { name: t.name, input: t.tree });
      add(other, [...trail, d.name]);
      // the transfer is the other tree's top event
      gates.set(t.name, { operator: 'or', inputs: [other.top] });
    }
  };
  add(doc, []);
  for (const [name, gate] of gates) {
    for (const input of gate.inputs) if (!gates.has(input) && !basicEvents.has(input) && !houseEvents.has(input)) throw new FaultTreeError('undefined', `${name} → ${input}`, { name, input });
  }
  if (!gates.has(doc.top)) throw new FaultTreeError('top', `${doc.top} is not a gate`, { name: doc.top });
  return { name: doc.name, top: doc.top, gates, basicEvents, houseEvents };
}
