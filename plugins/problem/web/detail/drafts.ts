import { CAUSE_TRACKS, ISHIKAWA_CATEGORIES, type CauseTrack, type IshikawaCategory, type ProblemActionKind } from '@fmea/core/domain';
import type { ActionDraft } from './ActionList.tsx';
import type { MemberDraft } from './TeamEditor.tsx';
import type { IsNotDraft } from './IsNotEditor.tsx';
import type { RootCauseDraft } from '../rca/RootCauseEditor.tsx';
import type { WhyChain } from '../rca/FiveWhyEditor.tsx';

/**
 * Between the problem as the API answers it and what the step editors hold, both ways, pure: the editors
 * keep every row with a key of their own (new rows have no id yet), the saves send the rows the server
 * takes, blank rows left out.
 */
export interface ServerMember { userId: string; role: MemberDraft['role']; duty: string | null }
export interface ServerIsNot { dimension: keyof IsNotDraft; isText: string | null; isNotText: string | null }
export interface ServerCause { id: string; track: CauseTrack; category: IshikawaCategory | null; description: string; rootCause: boolean }
export interface ServerWhy { track: CauseTrack; chain: number; level: number; answer: string; causeId: string | null }
export interface ServerAction { id: string; kind: ProblemActionKind; description: string; causeId: string | null; ownerId: string | null; plannedAt: string | null; status: 'open' | 'done'; result: string | null }

let counter = 0;
/** A key for a row made in the browser (never sent: the server gives ids). */
export const newKey = () => `new-${++counter}`;

const day = (iso: string | null | undefined) => (iso ? iso.slice(0, 10) : '');
const text = (s: string) => (s.trim() ? s.trim() : null);

export const membersDraft = (rows: readonly ServerMember[]): MemberDraft[] => rows.map((m) => ({ key: newKey(), userId: m.userId, role: m.role, duty: m.duty ?? '' }));
export const membersToSave = (rows: readonly MemberDraft[]) => rows.filter((m) => m.userId).map((m) => ({ userId: m.userId, role: m.role, duty: text(m.duty) }));

export function isNotDraft(rows: readonly ServerIsNot[]): IsNotDraft {
  const draft: IsNotDraft = { what: { is: '', isNot: '' }, where: { is: '', isNot: '' }, when: { is: '', isNot: '' }, howMany: { is: '', isNot: '' } };
  for (const r of rows) draft[r.dimension] = { is: r.isText ?? '', isNot: r.isNotText ?? '' };
  return draft;
}
export const isNotToSave = (draft: IsNotDraft) =>
  (Object.keys(draft) as (keyof IsNotDraft)[]).filter((d) => draft[d].is.trim() || draft[d].isNot.trim()).map((d) => ({ dimension: d, isText: text(draft[d].is), isNotText: text(draft[d].isNot) }));

export const actionsDraft = (rows: readonly ServerAction[], kind: ProblemActionKind): ActionDraft[] =>
  rows
    .filter((a) => a.kind === kind)
    .map((a) => ({ key: a.id, id: a.id, description: a.description, ownerId: a.ownerId ?? '', plannedAt: day(a.plannedAt), status: a.status, result: a.result ?? '', causeId: a.causeId ?? '' }));
export const actionsToSave = (rows: readonly ActionDraft[]) =>
  rows
    .filter((a) => a.description.trim())
    .map((a) => ({ ...(a.id ? { id: a.id } : {}), description: a.description.trim(), ownerId: a.ownerId || null, plannedAt: a.plannedAt || null, status: a.status, result: text(a.result), causeId: a.causeId || null }));

/** The board's causes are the causes with a 6M category; a 5-why chain's end may name a cause of its own (no category). */
export function rootCauseDraft(causes: readonly ServerCause[], whys: readonly ServerWhy[]): RootCauseDraft {
  const draft: RootCauseDraft = { causes: { occurrence: [], detection: [] }, chains: { occurrence: [], detection: [] } };
  const byId = new Map(causes.map((c) => [c.id, c]));
  for (const c of causes) if (c.category) draft.causes[c.track].push({ id: c.id, category: c.category, text: c.description, rootCause: c.rootCause });
  for (const track of CAUSE_TRACKS) {
    const chains = new Map<number, ServerWhy[]>();
    for (const w of whys) if (w.track === track) chains.set(w.chain, [...(chains.get(w.chain) ?? []), w]);
    draft.chains[track] = [...chains.entries()]
      .sort(([a], [b]) => a - b)
      .map(([chain, levels]): WhyChain => {
        const sorted = [...levels].sort((a, b) => a.level - b.level);
        const end = sorted[sorted.length - 1]?.causeId;
        return { chain, answers: sorted.map((w) => w.answer), causeId: end ?? null, rootCause: Boolean(end && byId.get(end)?.rootCause) };
      });
  }
  return draft;
}

const lastAnswer = (c: WhyChain) => [...c.answers].reverse().find((a) => a.trim())?.trim() ?? '';

/**
 * D4's first save, the causes: the board's, and for each chain marked as reaching a root cause, the cause its
 * last answer names (a cause without a 6M category, kept by id when the chain had one). A chain no longer
 * marked drops the cause it had made; a chain ending at a board cause keeps pointing at it.
 */
export function causesToSave(draft: RootCauseDraft, stored: readonly ServerCause[]) {
  const byId = new Map(stored.map((c) => [c.id, c]));
  return CAUSE_TRACKS.flatMap((track) => [
    ...draft.causes[track].map((c) => ({ ...(byId.has(c.id) ? { id: c.id } : {}), track, category: c.category, description: c.text, rootCause: c.rootCause })),
    ...draft.chains[track]
      .filter((c) => c.rootCause && lastAnswer(c))
      .filter((c) => !(c.causeId && byId.get(c.causeId)?.category))
      .map((c) => ({ ...(c.causeId && byId.has(c.causeId) ? { id: c.causeId } : {}), track, category: null, description: lastAnswer(c), rootCause: true })),
  ]);
}

/** D4's second save, the chains, each pointing at its cause among the causes as saved (found by track and words when new). */
export function chainsToSave(draft: RootCauseDraft, saved: readonly ServerCause[]) {
  const byId = new Map(saved.map((c) => [c.id, c]));
  return CAUSE_TRACKS.flatMap((track) =>
    draft.chains[track]
      .map((c) => {
        const answers = c.answers.map((a) => a.trim()).filter(Boolean);
        const kept = c.causeId && byId.has(c.causeId) && (c.rootCause || byId.get(c.causeId)!.category) ? c.causeId : null;
        const found = c.rootCause && !kept ? (saved.find((x) => x.track === track && !x.category && x.description === lastAnswer(c))?.id ?? null) : null;
        return { track, answers, causeId: kept ?? found };
      })
      .filter((c) => c.answers.length > 0),
  );
}

export const isCategory = (value: string): value is IshikawaCategory => (ISHIKAWA_CATEGORIES as readonly string[]).includes(value);
