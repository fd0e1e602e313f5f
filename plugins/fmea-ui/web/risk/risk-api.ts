import { useEffect, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import {
  compileApTable,
  DEFAULT_AP_RULES,
  DEFAULT_AP_SELECTION,
  expandCompactGrid,
  UNFINISHED_ACTION_STATUSES,
  type ActionStatus,
  type ApLevel,
  type ApLookup,
  type ApTable,
  type CharacteristicClass,
  type ControlKind,
} from '@fmea/core/domain';
import { api, ApiError, notify, type ApiData, type ApiQuery } from '@fmea/sdk';

/** The engine's vocabulary, from core (core/src/domain/fmea). */
export type { ActionStatus, CharacteristicClass, ControlKind };
/** Statuses that still need work: the grid's open-actions column. */
export const UNFINISHED = UNFINISHED_ACTION_STATUSES;

/** The answers of the risk-analysis and optimisation routes, named from their schemas. */
type RiskGridAnswer = ApiData<'/api/fmea/riskGrid'>;
/** The grid's rows form (one object per chain) and its compact form (what chains share sent once), by `format`. */
type RiskGridRows = Extract<RiskGridAnswer, { items: unknown }>;
type RiskGridCompact = Extract<RiskGridAnswer, { rows: unknown }>;
/**
 * A row of the risk grid. The chain is named by its effect, mode and cause ids
 * (`rowKey`); the prevention and detection texts are the `controls` of each kind;
 * `chains` of the effect (the cause) counts the chains of the whole project that
 * share it: rating it changes them all.
 */
export type RiskRow = RiskGridRows['items'][number];
/** A current control of a row's cause, as the grid answers it: enough to update or delete it in place. */
export type GridControl = RiskRow['controls'][number];
export type ActionRow = ApiData<'/api/fmea/actions'>[number];
export type ControlRow = ApiData<'/api/fmea/addControl'>;
export type { Analysis, FailureRow as AnalysisFailure } from '../analysis/model.ts';
export type UserOption = ApiData<'/api/user/list'>[number];

/**
 * A page of the risk grid: asked for in the compact form (for 20,000 chains a
 * tenth of the bytes of the rows form, so far less to receive and parse) and
 * rebuilt into the rows form's rows by core's `expandCompactGrid`.
 */
export async function fetchRiskGrid(query: Omit<ApiQuery<'/api/fmea/riskGrid'>, 'format'>): Promise<{ items: RiskRow[]; total: number }> {
  const answer = await api.get('/api/fmea/riskGrid', { ...query, format: 'compact' });
  try {
    if (!('rows' in answer)) throw new Error('The risk grid did not answer in the compact form');
    const items: RiskRow[] = expandCompactGrid<RiskGridCompact>(answer);
    return { items, total: answer.total };
  } catch (cause) {
    // an answer this page cannot read (a server of another version): no message, so the grid shows its own translated load error
    throw new Error('', { cause });
  }
}

/** A chain's stable key, from its ids as the engine forms it (effect:mode:cause, `-` for a missing end): the grid's row key. */
export const rowKey = (row: Pick<RiskRow, 'effect' | 'mode' | 'cause'>) => `${row.effect?.id ?? '-'}:${row.mode.id}:${row.cause?.id ?? '-'}`;

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

/** The stored AP rules of the project's own table (DFMEA, PFMEA or MSR), compiled once (falls back to the handbook's table when they cannot be read). */
export function useApLookup(table: ApTable): ApLookup | null {
  const [lookup, setLookup] = useState<ApLookup | null>(null);
  useEffect(() => {
    let alive = true;
    api
      .get('/api/apRule/list', { table })
      .then((set) => compileApTable(set.rules.length > 0 ? set.rules : DEFAULT_AP_RULES[table], set.selection || DEFAULT_AP_SELECTION))
      .catch(() => compileApTable(DEFAULT_AP_RULES[table], DEFAULT_AP_SELECTION))
      .then((compiled) => {
        if (alive) setLookup(() => compiled);
      });
    return () => {
      alive = false;
    };
  }, [table]);
  return lookup;
}

export const isConflict = (error: unknown): error is ApiError => error instanceof ApiError && error.errorCode === 'conflict';

/** A grid's write refused as stale (someone else changed the row): says so and reads the grid again; any other error goes on. */
export function useReloadOnConflict(reload: () => void): (error: unknown) => void {
  const { t } = useLingui();
  return (error) => {
    if (!isConflict(error)) throw error;
    notify('error', error.message || t`Someone else changed this row. The grid was reloaded.`, 5000);
    reload();
  };
}

export const apColor: Record<ApLevel, string> = { H: '#d4380d', M: '#d48806', L: '#389e0d' };
