import { createHash } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { fmeaAction, fmeaCharacteristic, fmeaControl, fmeaFailure, fmeaFailureLink, fmeaFunction, fmeaFunctionLink, fmeaInterface, fmeaMember, fmeaNode, fmeaProject, user } from '../../db/schema/index.ts';
import { canonicalJson, canonicalSnapshot, type FmeaSnapshot } from '../../domain/fmea-baseline/index.ts';
import { projectNotFound } from '../fmea/access.ts';
import { getApRuleSet } from '../rules/ap-rules.ts';

/** sha256 hex of a text (the canonical JSON of a snapshot). */
export const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/**
 * The project's analysis as it stands, as a canonical snapshot: every row of
 * the analysis tables with its content fields, the team with user names (an
 * export shows names, and a renamed user must not change what a baseline
 * shows), each action's responsible by user name, and the AP rule set that
 * rates its chains. No access check: callers have opened the project.
 */
export async function readSnapshot(db: DbOrTx, projectId: string): Promise<FmeaSnapshot> {
  const project = await db.select().from(fmeaProject).where(eq(fmeaProject.id, projectId)).get();
  if (!project) throw projectNotFound(projectId);
  const [members, nodes, functions, functionLinks, characteristics, interfaces, failures, failureLinks, controls, actions] = await Promise.all([
    db.select({ userId: fmeaMember.userId, roles: fmeaMember.roles }).from(fmeaMember).where(eq(fmeaMember.projectId, projectId)),
    db.select().from(fmeaNode).where(eq(fmeaNode.projectId, projectId)),
    db.select().from(fmeaFunction).where(eq(fmeaFunction.projectId, projectId)),
    db.select().from(fmeaFunctionLink).where(eq(fmeaFunctionLink.projectId, projectId)),
    db.select().from(fmeaCharacteristic).where(eq(fmeaCharacteristic.projectId, projectId)),
    db.select().from(fmeaInterface).where(eq(fmeaInterface.projectId, projectId)),
    db.select().from(fmeaFailure).where(eq(fmeaFailure.projectId, projectId)),
    db.select().from(fmeaFailureLink).where(eq(fmeaFailureLink.projectId, projectId)),
    db.select().from(fmeaControl).where(eq(fmeaControl.projectId, projectId)),
    db.select().from(fmeaAction).where(eq(fmeaAction.projectId, projectId)),
  ]);
  const userIds = [...new Set([...members.map((m) => m.userId), ...actions.map((a) => a.responsibleUserId).filter((u): u is string => !!u)])];
  const names = new Map<string, string>();
  for (let i = 0; i < userIds.length; i += 500) {
    for (const u of await db.select({ id: user.id, userName: user.userName }).from(user).where(inArray(user.id, userIds.slice(i, i + 500)))) names.set(u.id, u.userName);
  }
  const ap = await getApRuleSet(db, project.apTable);
  return canonicalSnapshot({
    project,
    ap: { table: ap.table, selection: ap.selection, rules: ap.rules as unknown as Record<string, string | number | null>[] },
    members: members.map((m) => ({ id: m.userId, userId: m.userId, userName: names.get(m.userId) ?? '', roles: m.roles })),
    nodes,
    functions,
    functionLinks,
    characteristics,
    interfaces,
    failures,
    failureLinks,
    controls,
    actions: actions.map((a) => ({ ...a, responsibleName: a.responsibleUserId ? (names.get(a.responsibleUserId) ?? null) : null })),
  });
}

/** The snapshot's stored text and its hash. */
export function sealSnapshot(snapshot: FmeaSnapshot): { content: string; hash: string } {
  const content = canonicalJson(snapshot);
  return { content, hash: sha256(content) };
}
