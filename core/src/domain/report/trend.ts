import type { ApLookup, ApRule } from '../ap/index.ts';
import { compileApTable } from '../ap/index.ts';
import type { FmeaSnapshot, Scalar } from '../fmea-baseline/index.ts';
import { residualRatings, type ActionStatus } from '../fmea/index.ts';
import type { RatingGroup } from './risk.ts';
import { riskPicture, type ApCounts } from './risk.ts';

/**
 * The AP distribution over time (issue 25): each baseline of a project rated as it was released, with the
 * AP rules frozen in it (a baseline's export rates the same way, docs/domain/fmea-baselines.md).
 */

const num = (v: Scalar | undefined): number | null => (typeof v === 'number' ? v : null);

/** The rating groups of a snapshot's chains: effect × cause per failure mode (a missing end counts as one), residual ratings from its actions in their order. */
export function snapshotRatingGroups(snapshot: FmeaSnapshot): RatingGroup[] {
  const failure = new Map(snapshot.failures.map((f) => [f.id, f]));
  const effectsOf = new Map<string, string[]>();
  const causesOf = new Map<string, string[]>();
  for (const l of snapshot.failureLinks) {
    const higher = failure.get(l.higherFailureId as string);
    const lower = failure.get(l.lowerFailureId as string);
    if (!higher || !lower) continue;
    if (higher.kind === 'FE' && lower.kind === 'FM') (effectsOf.get(lower.id) ?? effectsOf.set(lower.id, []).get(lower.id)!).push(higher.id);
    if (higher.kind === 'FM' && lower.kind === 'FC') (causesOf.get(higher.id) ?? causesOf.set(higher.id, []).get(higher.id)!).push(lower.id);
  }
  const actionsOf = new Map<string, { status: ActionStatus; raSeverity: number | null; raOccurrence: number | null; raDetection: number | null; sort: number; id: string }[]>();
  for (const a of snapshot.actions) {
    const list = actionsOf.get(a.causeId as string) ?? actionsOf.set(a.causeId as string, []).get(a.causeId as string)!;
    list.push({ status: a.status as ActionStatus, raSeverity: num(a.raSeverity), raOccurrence: num(a.raOccurrence), raDetection: num(a.raDetection), sort: num(a.sort) ?? 0, id: a.id });
  }
  for (const list of actionsOf.values()) list.sort((a, b) => a.sort - b.sort || (a.id < b.id ? -1 : 1));
  const groups = new Map<string, RatingGroup & { n: number }>();
  for (const mode of snapshot.failures) {
    if (mode.kind !== 'FM') continue;
    const effects = effectsOf.get(mode.id) ?? [null];
    const causes = causesOf.get(mode.id) ?? [null];
    for (const e of effects) {
      const s = e === null ? null : num(failure.get(e)!.severity);
      for (const c of causes) {
        const cause = c === null ? undefined : failure.get(c);
        const o = num(cause?.occurrence);
        const d = num(cause?.detection);
        const residual = c === null ? null : residualRatings({ severity: s, occurrence: o, detection: d }, actionsOf.get(c) ?? []);
        const g = { s, o, d, raS: residual?.raseverity ?? null, raO: residual?.raoccurrence ?? null, raD: residual?.radet ?? null };
        const key = `${g.s},${g.o},${g.d},${g.raS},${g.raO},${g.raD}`;
        const hit = groups.get(key);
        if (hit) hit.n++;
        else groups.set(key, { ...g, n: 1 });
      }
    }
  }
  return [...groups.values()];
}

/** The lookup a snapshot was rated with: its frozen rules, or `fallback` (the project's current table) when it froze none. */
export function snapshotLookup(snapshot: FmeaSnapshot, fallback: ApLookup): ApLookup {
  const { rules, selection } = snapshot.ap ?? { rules: [], selection: '' };
  return rules.length ? compileApTable(rules as unknown as ApRule[], selection || undefined) : fallback;
}

export interface TrendPoint {
  readonly label: string;
  /** The release time (ISO 8601). */
  readonly at: string;
  readonly before: ApCounts;
  readonly after: ApCounts;
}

/** One point per baseline, oldest first. `table` is the snapshot's lookup as 1000 letters. */
export function trendPoint(label: string, at: string, snapshot: FmeaSnapshot, table: string): TrendPoint {
  const { before, after } = riskPicture(snapshotRatingGroups(snapshot), table);
  return { label, at, before, after };
}
