import type { FtaBasicEvent, FtaDocument, FtaGate, FtaHouseEvent, FtaTransfer, GateOperator } from '@fmea/core/domain';

/**
 * The editor's changes to a fault tree (issue 23), pure: each takes a document and returns a new one (or
 * a refusal the editor names to the user), so the editor's state is only the document it was given and
 * undo, save and tests need nothing else.
 */
export type NewKind = GateOperator | 'basic' | 'house' | 'transfer';

/** Why a change was refused. */
export type Refusal = 'cycle' | 'already-input' | 'top' | 'same-gate' | 'name-taken' | 'name-empty';

export type Edit = { ok: true; doc: FtaDocument; name?: string } | { ok: false; reason: Refusal };

const PREFIX: Record<NewKind, string> = { and: 'G', or: 'G', atleast: 'G', not: 'G', xor: 'G', basic: 'E', house: 'H', transfer: 'T' };

export const GATE_OPERATORS: readonly GateOperator[] = ['and', 'or', 'atleast', 'not', 'xor'];

export function allNames(doc: FtaDocument): Set<string> {
  return new Set([...doc.gates, ...doc.basicEvents, ...doc.houseEvents, ...doc.transfers].map((e) => e.name));
}

/** The next free name of a prefix: G4 when G1…G3 are taken. */
export function freeName(doc: FtaDocument, prefix: string): string {
  const names = allNames(doc);
  let i = 1;
  while (names.has(`${prefix}${i}`)) i++;
  return `${prefix}${i}`;
}

/** A new gate or event as an input of `gate`. */
export function addInput(doc: FtaDocument, gate: string, kind: NewKind): Edit {
  const name = freeName(doc, PREFIX[kind]);
  const withInput = (d: FtaDocument) => mapGate(d, gate, (g) => ({ ...g, inputs: [...g.inputs, name] }));
  if (kind === 'basic') return { ok: true, name, doc: withInput({ ...doc, basicEvents: [...doc.basicEvents, { name, model: { kind: 'probability', probability: 0.001 } }] }) };
  if (kind === 'house') return { ok: true, name, doc: withInput({ ...doc, houseEvents: [...doc.houseEvents, { name, state: true }] }) };
  if (kind === 'transfer') return { ok: true, name, doc: withInput({ ...doc, transfers: [...doc.transfers, { name, tree: '' }] }) };
  const created: FtaGate = kind === 'atleast' ? { name, operator: kind, min: 2, inputs: [] } : { name, operator: kind, inputs: [] };
  return { ok: true, name, doc: withInput({ ...doc, gates: [...doc.gates, created] }) };
}

/** Names below a gate (itself included): a gate may not become an input of one of them. */
export function below(doc: FtaDocument, name: string): Set<string> {
  const gates = new Map(doc.gates.map((g) => [g.name, g]));
  const seen = new Set<string>();
  const stack = [name];
  while (stack.length) {
    const n = stack.pop()!;
    if (seen.has(n)) continue;
    seen.add(n);
    for (const input of gates.get(n)?.inputs ?? []) stack.push(input);
  }
  return seen;
}

/** Names above a gate or event (itself included): the gates that reach it. None of them may become its input. */
export function above(doc: FtaDocument, name: string): Set<string> {
  const users = new Map<string, string[]>();
  for (const g of doc.gates) for (const input of g.inputs) users.set(input, [...(users.get(input) ?? []), g.name]);
  const seen = new Set<string>();
  const stack = [name];
  while (stack.length) {
    const n = stack.pop()!;
    if (seen.has(n)) continue;
    seen.add(n);
    for (const user of users.get(n) ?? []) stack.push(user);
  }
  return seen;
}

/** An existing gate or event as one more input of `gate` (a shared event). */
export function shareInput(doc: FtaDocument, name: string, gate: string): Edit {
  const target = doc.gates.find((g) => g.name === gate);
  if (!target) return { ok: false, reason: 'same-gate' };
  if (target.inputs.includes(name)) return { ok: false, reason: 'already-input' };
  if (below(doc, name).has(gate)) return { ok: false, reason: 'cycle' };
  return { ok: true, name, doc: mapGate(doc, gate, (g) => ({ ...g, inputs: [...g.inputs, name] })) };
}

/** The input at `index` of `from` moved to the end of `to`'s inputs. */
export function moveInput(doc: FtaDocument, from: string, index: number, to: string): Edit {
  const name = doc.gates.find((g) => g.name === from)?.inputs[index];
  if (name === undefined || from === to) return { ok: false, reason: 'same-gate' };
  const shared = shareInput(doc, name, to);
  if (!shared.ok) return shared;
  return { ok: true, name, doc: mapGate(shared.doc, from, (g) => ({ ...g, inputs: g.inputs.filter((_, i) => i !== index) })) };
}

/**
 * The input at `index` of `gate` taken away; what no gate uses any more (and is not the top) goes with it,
 * a gate's own inputs in turn.
 */
export function removeInput(doc: FtaDocument, gate: string, index: number): Edit {
  const name = doc.gates.find((g) => g.name === gate)?.inputs[index];
  if (name === undefined) return { ok: false, reason: 'same-gate' };
  return { ok: true, name, doc: prune(mapGate(doc, gate, (g) => ({ ...g, inputs: g.inputs.filter((_, i) => i !== index) }))) };
}

/** Drops every definition the top no longer reaches (the editor keeps no loose parts: what is not drawn is not kept). */
export function prune(doc: FtaDocument): FtaDocument {
  const reached = below(doc, doc.top);
  const keep = <T extends { name: string }>(list: T[]) => (list.every((e) => reached.has(e.name)) ? list : list.filter((e) => reached.has(e.name)));
  return { ...doc, gates: keep(doc.gates), basicEvents: keep(doc.basicEvents), houseEvents: keep(doc.houseEvents), transfers: keep(doc.transfers) };
}

/** Renames a gate or event everywhere it is used. */
export function rename(doc: FtaDocument, from: string, to: string): Edit {
  const name = to.trim();
  if (name === from) return { ok: true, doc, name };
  if (!name) return { ok: false, reason: 'name-empty' };
  if (allNames(doc).has(name)) return { ok: false, reason: 'name-taken' };
  const swap = (n: string) => (n === from ? name : n);
  const named = <T extends { name: string }>(list: T[]) => list.map((e) => (e.name === from ? { ...e, name } : e));
  return {
    ok: true,
    name,
    doc: {
      ...doc,
      top: swap(doc.top),
      gates: named(doc.gates).map((g) => (g.inputs.includes(from) ? { ...g, inputs: g.inputs.map(swap) } : g)),
      basicEvents: named(doc.basicEvents),
      houseEvents: named(doc.houseEvents),
      transfers: named(doc.transfers),
    },
  };
}

export function mapGate(doc: FtaDocument, name: string, fn: (g: FtaGate) => FtaGate): FtaDocument {
  return { ...doc, gates: doc.gates.map((g) => (g.name === name ? fn(g) : g)) };
}

export function updateGate(doc: FtaDocument, name: string, patch: Partial<Omit<FtaGate, 'name' | 'inputs'>>): FtaDocument {
  return mapGate(doc, name, (g) => {
    const next: FtaGate = { ...g, ...patch };
    if (next.operator !== 'atleast') delete next.min;
    if (next.label === '') delete next.label;
    return next;
  });
}

export function updateBasicEvent(doc: FtaDocument, name: string, patch: Partial<Omit<FtaBasicEvent, 'name'>>): FtaDocument {
  return { ...doc, basicEvents: doc.basicEvents.map((e) => (e.name === name ? withoutEmptyLabel({ ...e, ...patch }) : e)) };
}

export function updateHouseEvent(doc: FtaDocument, name: string, patch: Partial<Omit<FtaHouseEvent, 'name'>>): FtaDocument {
  return { ...doc, houseEvents: doc.houseEvents.map((e) => (e.name === name ? withoutEmptyLabel({ ...e, ...patch }) : e)) };
}

export function updateTransfer(doc: FtaDocument, name: string, patch: Partial<Omit<FtaTransfer, 'name'>>): FtaDocument {
  return { ...doc, transfers: doc.transfers.map((e) => (e.name === name ? withoutEmptyLabel({ ...e, ...patch }) : e)) };
}

function withoutEmptyLabel<T extends { label?: string }>(e: T): T {
  if (e.label !== '') return e;
  const { label: _, ...rest } = e;
  return rest as T;
}
