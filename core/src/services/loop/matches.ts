import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { catalogRecord, fmeaControl, fmeaFailure, fmeaFunction } from '../../db/schema/index.ts';
import { rankMatches, type LoopSourceKind, type MatchCandidate, type MatchItem, type MatchReason } from '../../domain/loop/index.ts';
import { actorOf } from '../shared/actor.ts';
import { readDb, type ServiceContext } from '../shared/context.ts';
import { readableProjects, type ReadableProject } from './readable.ts';
import { LOOP_SOURCES, sourceOfTeam } from './sources.ts';

/** An FMEA item a source covers, with the row a change would be proposed on. */
export interface LoopMatch {
  readonly projectId: string;
  readonly serialNum: string;
  readonly projectName: string;
  readonly projectType: string;
  readonly item: MatchItem;
  readonly itemId: string;
  readonly text: string;
  /** The row a proposal targets: the failure mode or cause itself, a control's cause; null for a function. */
  readonly rowId: string | null;
  readonly rowKind: 'FM' | 'FC' | null;
  readonly rowText: string | null;
  readonly occurrence: number | null;
  readonly detection: number | null;
  readonly score: number;
  readonly reasons: readonly MatchReason[];
}

const serialKey = (type: string, serialNum: string) => `${type}:${serialNum}`;

/** Each catalog record version's type and number, version-free: two versions of one record match. */
async function serialsOf(db: DbOrTx, ids: readonly string[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db.select({ id: catalogRecord.id, type: catalogRecord.type, serialNum: catalogRecord.serialNum }).from(catalogRecord).where(inArray(catalogRecord.id, unique));
  return new Map(rows.map((r) => [r.id, serialKey(r.type, r.serialNum)]));
}

interface Row {
  readonly projectId: string;
  readonly item: MatchItem;
  readonly itemId: string;
  readonly text: string;
  readonly catalogRecordId: string | null;
  readonly rowId: string | null;
}

/** The functions, failure modes and causes, and prevention and detection controls of the projects. */
async function itemsOf(db: DbOrTx, projectIds: readonly string[]): Promise<{ rows: Row[]; failures: Map<string, typeof fmeaFailure.$inferSelect> }> {
  if (projectIds.length === 0) return { rows: [], failures: new Map() };
  const ids = [...projectIds];
  const functions = await db.select().from(fmeaFunction).where(inArray(fmeaFunction.projectId, ids));
  const failures = await db.select().from(fmeaFailure).where(and(inArray(fmeaFailure.projectId, ids), inArray(fmeaFailure.kind, ['FM', 'FC'])));
  const controls = await db.select().from(fmeaControl).where(and(inArray(fmeaControl.projectId, ids), inArray(fmeaControl.kind, ['prevention', 'detection'])));
  const rows: Row[] = [
    ...failures.map((f) => ({ projectId: f.projectId, item: f.kind as MatchItem, itemId: f.id, text: f.description, catalogRecordId: f.catalogRecordId, rowId: f.id })),
    ...controls.map((c) => ({ projectId: c.projectId, item: c.kind as MatchItem, itemId: c.id, text: c.description, catalogRecordId: c.catalogRecordId, rowId: c.causeId })),
    ...functions.map((f) => ({ projectId: f.projectId, item: 'function' as const, itemId: f.id, text: f.description, catalogRecordId: f.catalogRecordId, rowId: null })),
  ];
  return { rows, failures: new Map(failures.map((f) => [f.id, f])) };
}

/**
 * The FMEA items a problem or EWO covers (issue 24 "closing the loop"), in
 * the FMEAs the caller may open: through the catalog records both cite, then
 * through the words they share (docs/domain/closed-loop.md); best first, each
 * with its reasons. Asked by the source's team.
 */
export async function listLoopMatches(ctx: ServiceContext, kind: LoopSourceKind, sourceId: string, sources = LOOP_SOURCES): Promise<LoopMatch[]> {
  const actor = await actorOf(ctx.db, ctx.actor);
  const source = await sourceOfTeam(ctx.db, ctx.actor, actor, kind, sourceId, sources);
  const db = await readDb(ctx);
  const projects = new Map<string, ReadableProject>((await readableProjects(db, ctx.actor, actor, ctx.now())).map((p) => [p.id, p]));
  const { rows, failures } = await itemsOf(db, [...projects.keys()]);
  const serials = await serialsOf(db, [...source.catalogRecordIds, ...rows.flatMap((r) => (r.catalogRecordId ? [r.catalogRecordId] : []))]);
  const candidates: MatchCandidate[] = rows.map((r) => ({ id: r.itemId, item: r.item, text: r.text, catalogSerial: r.catalogRecordId ? (serials.get(r.catalogRecordId) ?? null) : null }));
  const byId = new Map(rows.map((r) => [r.itemId, r]));
  const ranked = rankMatches({ texts: source.texts, catalogSerials: source.catalogRecordIds.flatMap((id) => serials.get(id) ?? []), itemIds: source.itemIds }, candidates);
  return ranked.map((match) => {
    const row = byId.get(match.id)!;
    const project = projects.get(row.projectId)!;
    const target = row.rowId ? failures.get(row.rowId) : undefined;
    return {
      projectId: project.id,
      serialNum: project.serialNum,
      projectName: project.name,
      projectType: project.projectType,
      item: match.item,
      itemId: match.id,
      text: row.text,
      rowId: target?.id ?? null,
      rowKind: (target?.kind as 'FM' | 'FC' | undefined) ?? null,
      rowText: target?.description ?? null,
      occurrence: target?.occurrence ?? null,
      detection: target?.detection ?? null,
      score: match.score,
      reasons: match.reasons,
    };
  });
}
