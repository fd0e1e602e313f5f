import { useEffect, useState } from 'react';
import { compileApTable, DEFAULT_AP_RULES, DEFAULT_AP_SELECTION, type ApLevel, type ApLookup, type ApRule } from '@fmea/core/domain';
import { api, ApiError } from '@fmea/workbench/sdk';

/** Browser-side shapes of the risk-analysis and optimisation routes (api/src/routes/fmea). */
export type ControlKind = 'prevention' | 'detection';
export type ActionStatus = 'open' | 'decisionPending' | 'implementationPending' | 'completed' | 'notImplemented';
export type CharacteristicClass = 'safety' | 'critical' | 'significant' | 'general';

export const UNFINISHED: readonly ActionStatus[] = ['open', 'decisionPending', 'implementationPending'];

export interface GridFailure {
  id: string;
  description: string;
  version: number;
}

export interface GridAction {
  id: string;
  kind: ControlKind;
  description: string;
  status: ActionStatus;
  version: number;
}

/** A current control of a row's cause, as the risk grid answers it: enough to update or delete it in place. */
export interface GridControl {
  id: string;
  version: number;
  kind: ControlKind;
  description: string;
  sort: number;
}

/** A row of the risk grid (GET /api/fmea/riskGrid). The chain is named by its effect, mode and cause ids (`rowKey`); the prevention and detection texts are the `controls` of each kind. */
export interface RiskRow {
  elementId: string;
  elementName: string;
  functionId: string;
  functionDescription: string;
  requirement: string | null;
  /** `chains`: how many chains of the whole project share the effect (the cause): rating it changes them all. */
  effect: (GridFailure & { severity: number | null; elementName: string; functionDescription: string; chains: number }) | null;
  mode: GridFailure;
  cause: (GridFailure & { occurrence: number | null; detection: number | null; elementName: string; functionDescription: string; chains: number }) | null;
  /** The cause's controls with ids, versions and texts: prevention then detection, each by sort; empty without a cause. */
  controls: GridControl[];
  actions: GridAction[];
  severity: number | null;
  occurrence: number | null;
  det: number | null;
  ap: ApLevel | null;
  rpn: number | null;
  characteristicClass: CharacteristicClass | null;
  specialCharacteristics: { id: string; name: string; characteristicClass: CharacteristicClass }[];
  hasOpenActions: boolean;
}

/** A chain's stable key, from its ids as the engine forms it (effect:mode:cause, `-` for a missing end): the grid's row key. */
export const rowKey = (row: Pick<RiskRow, 'effect' | 'mode' | 'cause'>) => `${row.effect?.id ?? '-'}:${row.mode.id}:${row.cause?.id ?? '-'}`;

export interface RiskGridAnswer {
  items: RiskRow[];
  total: number;
}

export interface ActionRow {
  id: string;
  version: number;
  causeId: string;
  kind: ControlKind;
  description: string;
  responsibleUserId: string | null;
  targetDate: string | null;
  status: ActionStatus;
  actionTaken: string | null;
  evidence: string | null;
  completionDate: string | null;
  raseverity: number | null;
  raoccurrence: number | null;
  radet: number | null;
}

export interface ControlRow {
  id: string;
  version: number;
  sort: number;
  causeId: string;
  kind: ControlKind;
  description: string;
}

export interface AnalysisFailure {
  id: string;
  version: number;
  functionId: string;
  kind: 'FE' | 'FM' | 'FC';
  description: string;
  severity: number | null;
  occurrence: number | null;
  det: number | null;
}

export interface Analysis {
  functions: { id: string; nodeId: string; description: string }[];
  nodes: { id: string; name: string }[];
  failures: AnalysisFailure[];
  controls: ControlRow[];
  failureLinks?: { id: string; higherFailureId: string; lowerFailureId: string }[];
}

export interface UserOption {
  id: string;
  userName: string;
  realName: string;
}

/** Whole number 1..10, or null for an empty text; undefined when the text is no rating. */
export function parseRating(text: string): number | null | undefined {
  const value = text.trim();
  if (value === '') return null;
  if (!/^\d{1,2}$/.test(value)) return undefined;
  const n = Number(value);
  return n >= 1 && n <= 10 ? n : undefined;
}

/** AP and RPN of three ratings with a compiled table; null until all three are rated. */
export function rate(lookup: ApLookup | null, s: number | null, o: number | null, d: number | null): { ap: ApLevel | null; rpn: number | null } {
  if (s === null || o === null || d === null) return { ap: null, rpn: null };
  return { ap: lookup ? lookup(s, o, d) : null, rpn: s * o * d };
}

/** The stored DFMEA AP rules, compiled once (falls back to the handbook's table when they cannot be read). */
export function useApLookup(): ApLookup | null {
  const [lookup, setLookup] = useState<ApLookup | null>(null);
  useEffect(() => {
    let alive = true;
    api
      .get<{ selection: string; rules: ApRule[] }>('/api/apRule/list', { table: 'dfmea' })
      .then((set) => compileApTable(set.rules.length > 0 ? set.rules : DEFAULT_AP_RULES.dfmea, set.selection || DEFAULT_AP_SELECTION))
      .catch(() => compileApTable(DEFAULT_AP_RULES.dfmea, DEFAULT_AP_SELECTION))
      .then((compiled) => {
        if (alive) setLookup(() => compiled);
      });
    return () => {
      alive = false;
    };
  }, []);
  return lookup;
}

export const isConflict = (error: unknown): error is ApiError => error instanceof ApiError && error.errorCode === 'conflict';

export const apColor: Record<ApLevel, string> = { H: '#d4380d', M: '#d48806', L: '#389e0d' };
