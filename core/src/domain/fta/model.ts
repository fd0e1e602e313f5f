/**
 * A fault tree as the FTA engine reads it (issue 23): gates over basic events, house events and other
 * gates, by name. The Open-PSA MEF reader (mef.ts) makes one; the FMEA will generate them too.
 */
export type GateOperator = 'and' | 'or' | 'atleast' | 'not' | 'xor';

export interface Gate {
  operator: GateOperator;
  /** k of `atleast` (k of n). */
  min?: number;
  /** Input names: gates, basic events or house events. */
  inputs: string[];
}

export interface FaultTree {
  name: string;
  /** The top event: the one gate no other gate uses (or the one named). */
  top: string;
  gates: Map<string, Gate>;
  /** Basic events with their probability (over the mission time, for an exponential rate). */
  basicEvents: Map<string, number>;
  /** House events: fixed true or false. */
  houseEvents: Map<string, boolean>;
}

export type FaultTreeProblem = 'cycle' | 'undefined' | 'top' | 'probability' | 'gate' | 'format';

/** A model the engine cannot read or analyse: why (`reason`), the gate or event at fault (`name`, `input`), and a detail for logs. */
export class FaultTreeError extends Error {
  constructor(
    readonly reason: FaultTreeProblem,
    readonly detail: string,
    readonly names: { name?: string; input?: string } = {},
  ) {
    super(`${reason}: ${detail}`);
  }
}

/** The gate no other gate names as input; several (a forest) or none (a cycle) is an error unless `top` is named. */
export function topGate(gates: ReadonlyMap<string, Gate>): string {
  const used = new Set<string>();
  for (const gate of gates.values()) for (const input of gate.inputs) used.add(input);
  const tops = [...gates.keys()].filter((name) => !used.has(name));
  if (tops.length !== 1) throw new FaultTreeError('top', tops.length === 0 ? 'every gate is an input of another' : tops.join(', '), { name: tops.join(', ') });
  return tops[0]!;
}
