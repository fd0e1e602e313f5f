import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { dvpTest, ewoDocument, file, fmeaNode, fmeaProject, fmeaProjectAttachment, user } from '../../db/schema/index.ts';
import { ewoCaller, readableEwo } from '../ewo/access.ts';
import { dvpCaller, readablePlan } from '../dvp/access.ts';
import { isDomainError, NotAllowedError, NotFoundError } from '../../errors.ts';
import { actorOf } from '../shared/actor.ts';
import type { TxContext } from '../shared/context.ts';
import { openableProject } from '../fmea/access.ts';
import { templateUsableBy } from '../fmea/templates.ts';
import { isDeleted } from '../../db/live.ts';
import { isManualFile } from '../system/manual.ts';
import { getAppSettings } from '../system/seed.ts';

/**
 * Who may read a stored file (issue 20, "files not bound to an object"): a
 * file belongs to what it is attached to and is served only to those who may
 * read that.
 *
 * - attached to FMEA projects (a project attachment, a structure node's
 *   picture): whoever may open one of those projects (a template: whoever may
 *   use it); deleted projects count for nobody;
 * - a before/after document of an EWO: whoever may read that EWO (services/ewo/access.ts);
 * - a DVP test's report: whoever may read the test's plan (services/dvp/access.ts: the DFMEA's readers holding dvp_index);
 * - a user's current avatar: every signed-in user (it is shown beside their name);
 * - the system logo: everyone (it is public, `/api/replaceLogo/downloadFile`);
 * - the working manual's PDF: every signed-in user (services/system/manual.ts);
 * - the current login and home background pictures: every signed-in user (the login one is also public, by its own route);
 * - attached to nothing (uploaded, not yet used, or no longer): its uploader only.
 *
 * Administrators and the system operator read every file. Knowing a file's
 * id is never enough; a file the caller may not read is "not found" when it
 * is attached nowhere, so its existence is not confirmed.
 */
export async function assertCanReadFile(ctx: TxContext, fileId: string): Promise<void> {
  const record = await ctx.db.select().from(file).where(eq(file.id, fileId)).get();
  if (!record) throw new NotFoundError('files.not_found');
  if (ctx.actor.userId === null) return;
  if ((await actorOf(ctx.db, ctx.actor)).isAdmin) return;
  if (record.kind === 'logo') return;
  if (await isManualFile(ctx.db, fileId)) return;
  const app = await getAppSettings(ctx.db);
  if (fileId === app.loginBackground || fileId === app.homeBackground) return;
  const projectIds = await projectsShowing(ctx.db, fileId);
  if (projectIds.length > 0) {
    for (const projectId of projectIds) if (await mayReadProject(ctx, projectId)) return;
    throw new NotAllowedError('permission.not_project_member');
  }
  const ewoIds = await ewosShowing(ctx.db, fileId);
  if (ewoIds.length > 0) {
    for (const ewoId of ewoIds) if (await mayReadEwo(ctx, ewoId)) return;
    throw new NotAllowedError('permission.denied', { action: 'read' });
  }
  const plans = await ctx.db.selectDistinct({ planId: dvpTest.planId }).from(dvpTest).where(eq(dvpTest.reportFileId, fileId));
  if (plans.length > 0) {
    for (const { planId } of plans) if (await mayReadPlan(ctx, planId)) return;
    throw new NotAllowedError('permission.denied', { action: 'read' });
  }
  if (record.kind === 'avatar' && (await ctx.db.select({ id: user.id }).from(user).where(eq(user.avatar, fileId)).get())) return;
  if (record.uploadedBy === ctx.actor.userId) return;
  throw new NotFoundError('files.not_found');
}

/** The projects a file is attached to or pictured in. */
async function projectsShowing(db: DbOrTx, fileId: string): Promise<string[]> {
  const [attached, pictured] = await Promise.all([
    db.select({ projectId: fmeaProjectAttachment.projectId }).from(fmeaProjectAttachment).where(eq(fmeaProjectAttachment.fileId, fileId)),
    db.selectDistinct({ projectId: fmeaNode.projectId }).from(fmeaNode).where(eq(fmeaNode.imageName, fileId)),
  ]);
  return [...new Set([...attached, ...pictured].map((r) => r.projectId))];
}

/** The live EWOs a file is a document of. */
async function ewosShowing(db: DbOrTx, fileId: string): Promise<string[]> {
  const rows = await db.selectDistinct({ ewoId: ewoDocument.ewoId }).from(ewoDocument).where(eq(ewoDocument.fileId, fileId));
  return rows.map((r) => r.ewoId);
}

async function mayReadEwo(ctx: TxContext, ewoId: string): Promise<boolean> {
  try {
    await readableEwo(ctx.db, await ewoCaller(ctx.db, ctx.actor), ewoId);
    return true;
  } catch (error) {
    if (isDomainError(error)) return false;
    throw error;
  }
}

async function mayReadPlan(ctx: TxContext, planId: string): Promise<boolean> {
  try {
    await readablePlan(ctx.db, await dvpCaller(ctx.db, ctx.actor), planId, ctx.now());
    return true;
  } catch (error) {
    if (isDomainError(error)) return false;
    throw error;
  }
}

async function mayReadProject(ctx: TxContext, projectId: string): Promise<boolean> {
  const row = await ctx.db.select().from(fmeaProject).where(eq(fmeaProject.id, projectId)).get();
  if (!row || isDeleted(row)) return false;
  if (row.isTemplate === 1 && (await templateUsableBy(ctx.db, ctx.actor, row))) return true;
  try {
    await openableProject(ctx.db, ctx.actor, projectId, ctx.now());
    return true;
  } catch (error) {
    if (isDomainError(error)) return false;
    throw error;
  }
}

/**
 * A picture a user puts on a structure node must be an uploaded image they
 * may read themselves (their own upload, or one already shown in a project
 * they can open): an id alone must not pull someone else's file into a
 * project where others could then read it.
 */
export async function assertUsablePicture(ctx: TxContext, fileId: string): Promise<void> {
  const record = await ctx.db.select({ kind: file.kind }).from(file).where(eq(file.id, fileId)).get();
  if (!record) throw new NotFoundError('files.not_found');
  if (record.kind !== 'image') throw new NotAllowedError('files.not_a_picture');
  await assertCanReadFile(ctx, fileId);
}

