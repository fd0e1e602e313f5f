import { InvalidTransitionError } from '../../errors.ts';

/** A specific refusal key for every event from a state (a string), or per event. */
type Refusals<S extends string, E extends string> = {
  readonly [K in S]?: string | { readonly [V in E]?: string };
};

export interface MachineDefinition<S extends string, E extends string> {
  /** Names the default refusal key `status.<name>.invalid_transition`. */
  readonly name: string;
  readonly states: readonly S[];
  readonly transitions: { readonly [K in S]?: { readonly [V in E]?: S } };
  /** Dead ends that deserve their own message instead of the default one. */
  readonly refusals?: Refusals<NoInfer<S>, NoInfer<E>>;
}

export interface Machine<S extends string, E extends string> {
  readonly name: string;
  readonly states: readonly S[];
  /** Every event any state accepts, e.g. for an input schema. */
  readonly allEvents: readonly E[];
  /** Every message key `next` can throw, for the catalog test. */
  readonly messageKeys: readonly string[];
  isState(value: string): value is S;
  can(state: string, event: string): boolean;
  /** The state after the event; throws InvalidTransitionError({ from, event }) when the move is not allowed. */
  next(state: string, event: E): S;
  /** Events accepted in a state, in definition order; none for an unknown state. */
  events(state: string): E[];
}

// Own-property lookups only, so 'constructor' or '__proto__' is never mistaken for a state or event.
const own = <T>(record: { readonly [key: string]: T | undefined } | undefined, key: string): T | undefined =>
  record !== undefined && Object.hasOwn(record, key) ? record[key] : undefined;

/**
 * A status flow as data. States are strings: names for a flow written by
 * name (restated at the spec's codes with `atCodes`), or the codes
 * themselves. Checks the definition once, so a typo in a table fails at
 * import time, not in use.
 */
export function defineMachine<const S extends string, const E extends string>(
  definition: MachineDefinition<S, E>,
): Machine<S, E> {
  const { name, states, transitions, refusals = {} } = definition;
  const invalidKey = `status.${name}.invalid_transition`;
  const known = new Set<string>(states);
  const allEvents = new Set<E>();
  for (const [from, moves] of Object.entries(transitions) as [string, Record<string, string>][]) {
    if (!known.has(from)) throw new Error(`${name}: transition from unknown state ${from}`);
    for (const [event, to] of Object.entries(moves)) {
      if (!known.has(to)) throw new Error(`${name}: ${from} --${event}--> unknown state ${to}`);
      allEvents.add(event as E);
    }
  }
  const refusalKeys = Object.values(refusals as Record<string, string | Record<string, string>>).flatMap((r) =>
    typeof r === 'string' ? [r] : Object.values(r),
  );

  const moves = (state: string) => own<{ readonly [V in E]?: S }>(transitions, state);
  const target = (state: string, event: string): S | undefined =>
    own<S>(moves(state) as { readonly [key: string]: S } | undefined, event);

  const refusalKey = (state: string, event: string): string => {
    const specific = own(refusals as { readonly [key: string]: string | Record<string, string> }, state);
    if (typeof specific === 'string') return specific;
    return own(specific, event) ?? invalidKey;
  };

  return {
    name,
    states,
    allEvents: [...allEvents],
    messageKeys: [...new Set([invalidKey, ...refusalKeys])],
    isState: (value: string): value is S => known.has(value),
    can: (state, event) => target(state, event) !== undefined,
    next(state, event) {
      const to = target(state, event);
      if (to === undefined) throw new InvalidTransitionError(refusalKey(state, event), { from: state, event });
      return to;
    },
    events: (state) => Object.keys(moves(state) ?? {}) as E[],
  };
}

/**
 * A flow written with named states, restated at the codes the spec stores
 * and answers (`{ editing: '0', … }`): the same transitions and refusals, so
 * a status read from a row or a request moves without being translated, and
 * a refusal names the code it was given. Every state needs its own code.
 */
export function atCodes<const N extends string, E extends string, const C extends string>(
  definition: MachineDefinition<N, E>,
  codes: { readonly [K in N]: C },
): MachineDefinition<C, E> {
  const seen = new Set<string>(definition.states.map((state) => codes[state]));
  if (seen.size !== definition.states.length) throw new Error(`${definition.name}: two states share a code`);
  const rename = <T>(record: { readonly [K in N]?: T } | undefined, map: (value: T) => unknown = (value) => value) =>
    Object.fromEntries(Object.entries(record ?? {}).map(([state, value]) => [codes[state as N], map(value as T)]));
  return {
    name: definition.name,
    states: definition.states.map((state) => codes[state]),
    transitions: rename(definition.transitions, (moves) =>
      Object.fromEntries(Object.entries(moves as Record<string, N>).map(([event, to]) => [event, codes[to]])),
    ) as MachineDefinition<C, E>['transitions'],
    refusals: rename(definition.refusals) as MachineDefinition<C, E>['refusals'],
  };
}

/** A table by state name restated by the states' codes (message keys by code, for a stored status). */
export function byCode<const N extends string, const C extends string, const V>(byName: { readonly [K in N]: V }, codes: { readonly [K in N]: C }): { readonly [K in C]: V } {
  return Object.fromEntries((Object.keys(byName) as N[]).map((state) => [codes[state], byName[state]])) as { readonly [K in C]: V };
}

/** The state a stored code names, or undefined for a code the table does not hold. */
export function stateByCode<const N extends string, const C extends string>(codes: { readonly [K in N]: C }): (code: string) => N | undefined {
  const names = new Map<string, N>((Object.keys(codes) as N[]).map((state) => [codes[state], state]));
  return (code) => names.get(code);
}
