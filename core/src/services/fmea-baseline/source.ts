import { createHash } from 'node:crypto';
import { eq, getTableColumns, inArray } from 'drizzle-orm';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { DbOrTx } from '../../db/client.ts';
import { drbfmAction, drbfmConcern, drbfmMeeting, drbfmPart, drbfmProject, fmeaAction, fmeaCharacteristic, fmeaControl, fmeaFailure, fmeaFailureLink, fmeaFunction, fmeaFunctionLink, fmeaInterface, fmeaMember, fmeaNode, fmeaProject, fmedaProject, fmedaRow, user } from '../../db/schema/index.ts';
import { drbfmSnapshot } from '../../domain/drbfm/snapshot.ts';
import { canonicalJson, canonicalSnapshot, type FmeaSnapshot } from '../../domain/fmea-baseline/index.ts';
import { fmedaSnapshot } from '../../domain/fmeda/snapshot.ts';
import { hasMsrSteps, kindOf } from '../../domain/fmea/index.ts';
import { projectNotFound } from '../fmea/access.ts';
import { MSR_AP_TABLE } from '../fmea/msr.ts';
import { getApRuleSet, type ApRuleSet } from '../rules/ap-rules.ts';

/** sha256 hex of a text (the canonical JSON of a snapshot). */
export const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** Who and when a row was written, and its project: neither a snapshot nor an export shows them. */
const VOLATILE = ['projectId', 'createdBy', 'updatedBy', 'createdAt', 'updatedAt'] as const;
type Volatile = (typeof VOLATILE)[number];

/** A table's columns without the volatile ones: turning 100,000 stored times into dates cost as much as the rest of the read. */
function contentColumns<T extends SQLiteTable>(table: T): Omit<T['_']['columns'], Volatile> {
  const columns = { ...getTableColumns(table) } as Record<string, unknown>;
  for (const key of VOLATILE) delete columns[key];
  return columns as Omit<T['_']['columns'], Volatile>;
}

/** A stored row of an analysis table without its volatile columns. */
type ContentRow<T extends SQLiteTable> = Omit<T['$inferSelect'], Volatile>;

/** The analysis tables' rows of one project, as stored (content columns), with the names a snapshot and an export show. */
export interface AnalysisSource {
  readonly project: typeof fmeaProject.$inferSelect;
  readonly members: readonly { userId: string; roles: number[] }[];
  readonly nodes: readonly ContentRow<typeof fmeaNode>[];
  readonly functions: readonly ContentRow<typeof fmeaFunction>[];
  readonly functionLinks: readonly ContentRow<typeof fmeaFunctionLink>[];
  readonly characteristics: readonly ContentRow<typeof fmeaCharacteristic>[];
  readonly interfaces: readonly ContentRow<typeof fmeaInterface>[];
  readonly failures: readonly ContentRow<typeof fmeaFailure>[];
  readonly failureLinks: readonly ContentRow<typeof fmeaFailureLink>[];
  readonly controls: readonly ContentRow<typeof fmeaControl>[];
  readonly actions: readonly ContentRow<typeof fmeaAction>[];
  /** User names of the team and of every action's responsible person, by user id (what a snapshot freezes and the data sheets write). */
  readonly userNames: ReadonlyMap<string, string>;
  /** Their real names, by user id (what a workbook's header block and form show people as; empty when a user has none). */
  readonly realNames: ReadonlyMap<string, string>;
  readonly ap: ApRuleSet;
  /** The FMEA-MSR rule set, for a kind with the MSR steps (its MSR AP reads it whatever the project's table); null otherwise. */
  readonly msrAp: ApRuleSet | null;
}

/**
 * Every row of the project's analysis tables, the team, the user names they
 * name and the AP rule set its chains are rated with: one read of the whole
 * analysis, for a snapshot and for everything a workbook export writes (the
 * grid included, `riskRowsOf`), so neither reads the project twice. No
 * access check: callers have opened the project.
 */
export async function readAnalysisSource(db: DbOrTx, projectId: string): Promise<AnalysisSource> {
  const project = await db.select().from(fmeaProject).where(eq(fmeaProject.id, projectId)).get();
  if (!project) throw projectNotFound(projectId);
  const [members, nodes, functions, functionLinks, characteristics, interfaces, failures, failureLinks, controls, actions] = await Promise.all([
    db.select({ userId: fmeaMember.userId, roles: fmeaMember.roles }).from(fmeaMember).where(eq(fmeaMember.projectId, projectId)),
    db.select(contentColumns(fmeaNode)).from(fmeaNode).where(eq(fmeaNode.projectId, projectId)),
    db.select(contentColumns(fmeaFunction)).from(fmeaFunction).where(eq(fmeaFunction.projectId, projectId)),
    db.select(contentColumns(fmeaFunctionLink)).from(fmeaFunctionLink).where(eq(fmeaFunctionLink.projectId, projectId)),
    db.select(contentColumns(fmeaCharacteristic)).from(fmeaCharacteristic).where(eq(fmeaCharacteristic.projectId, projectId)),
    db.select(contentColumns(fmeaInterface)).from(fmeaInterface).where(eq(fmeaInterface.projectId, projectId)),
    db.select(contentColumns(fmeaFailure)).from(fmeaFailure).where(eq(fmeaFailure.projectId, projectId)),
    db.select(contentColumns(fmeaFailureLink)).from(fmeaFailureLink).where(eq(fmeaFailureLink.projectId, projectId)),
    db.select(contentColumns(fmeaControl)).from(fmeaControl).where(eq(fmeaControl.projectId, projectId)),
    db.select(contentColumns(fmeaAction)).from(fmeaAction).where(eq(fmeaAction.projectId, projectId)),
  ]);
  const userIds = [...new Set([...members.map((m) => m.userId), ...actions.map((a) => a.responsibleUserId).filter((u): u is string => !!u)])];
  const userNames = new Map<string, string>();
  const realNames = new Map<string, string>();
  for (let i = 0; i < userIds.length; i += 500) {
    for (const u of await db.select({ id: user.id, userName: user.userName, realName: user.realName }).from(user).where(inArray(user.id, userIds.slice(i, i + 500)))) {
      userNames.set(u.id, u.userName);
      realNames.set(u.id, u.realName);
    }
  }
  const ap = await getApRuleSet(db, project.apTable);
  const msrAp = hasMsrSteps(kindOf(project.projectType)) ? await getApRuleSet(db, MSR_AP_TABLE) : null;
  return { project, members, nodes, functions, functionLinks, characteristics, interfaces, failures, failureLinks, controls, actions, userNames, realNames, ap, msrAp };
}

/**
 * The analysis as a canonical snapshot: every row of the analysis tables with
 * its content fields, the team with user names (an export shows names, and a
 * renamed user must not change what a baseline shows), each action's
 * responsible by user name, and the AP rule set that rates its chains.
 */
export function snapshotOf(source: AnalysisSource): FmeaSnapshot {
  const names = source.userNames;
  const rules = (set: ApRuleSet) => ({ table: set.table, selection: set.selection, rules: set.rules as unknown as Record<string, string | number | null>[] });
  return canonicalSnapshot({
    project: source.project,
    ap: rules(source.ap),
    ...(source.msrAp && { msrAp: rules(source.msrAp) }),
    members: source.members.map((m) => ({ id: m.userId, userId: m.userId, userName: names.get(m.userId) ?? '', roles: m.roles })),
    nodes: source.nodes,
    functions: source.functions,
    functionLinks: source.functionLinks,
    characteristics: source.characteristics,
    interfaces: source.interfaces,
    failures: source.failures,
    failureLinks: source.failureLinks,
    controls: source.controls,
    actions: source.actions.map((a) => ({ ...a, responsibleName: a.responsibleUserId ? (names.get(a.responsibleUserId) ?? null) : null })),
  });
}

/** The project's analysis as it stands, as a canonical snapshot (`snapshotOf`). No access check: callers have opened the project. */
export async function readSnapshot(db: DbOrTx, projectId: string): Promise<FmeaSnapshot> {
  const snapshot = snapshotOf(await readAnalysisSource(db, projectId));
  // an FMEDA's worksheet and its metrics are frozen with it (issue 23)
  const fmeda = await db.select().from(fmedaProject).where(eq(fmedaProject.projectId, projectId)).get();
  if (fmeda) {
    const rows = await db.select().from(fmedaRow).where(eq(fmedaRow.projectId, projectId));
    return { ...snapshot, fmeda: fmedaSnapshot(fmeda, rows) };
  }
  // a DRBFM's worksheet too (issue 25)
  const change = await db.select().from(drbfmProject).where(eq(drbfmProject.projectId, projectId)).get();
  if (!change) return snapshot;
  const [parts, concerns, actions, meetings] = await Promise.all([
    db.select().from(drbfmPart).where(eq(drbfmPart.projectId, projectId)),
    db.select().from(drbfmConcern).where(eq(drbfmConcern.projectId, projectId)),
    db.select().from(drbfmAction).where(eq(drbfmAction.projectId, projectId)),
    db.select().from(drbfmMeeting).where(eq(drbfmMeeting.projectId, projectId)),
  ]);
  return { ...snapshot, drbfm: drbfmSnapshot({ change, parts, concerns, actions, meetings }) };
}

/** The snapshot's stored text and its hash. */
export function sealSnapshot(snapshot: FmeaSnapshot): { content: string; hash: string } {
  const content = canonicalJson(snapshot);
  return { content, hash: sha256(content) };
}
