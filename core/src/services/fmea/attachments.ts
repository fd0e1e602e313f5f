import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { file, fmeaProjectAttachment, user } from '../../db/schema/index.ts';
import { InvalidInputError, NotAllowedError, NotFoundError } from '../../errors.ts';
import type { ServiceContext } from '../shared/context.ts';
import { writeAndLog } from '../shared/write.ts';
import { assertProjectEditable, openableProject } from './access.ts';
import type { FmeaServiceMessageKey } from './messages.ts';

/** At most this many files hang on one project. */
export const MAX_ATTACHMENTS_PER_PROJECT = 20;

/** The upload kinds that may be attached to a project (Excel, Word, PDF). */
const ATTACHABLE_KINDS: readonly string[] = ['attachment', 'largeAttachment'];

export type FmeaAttachmentRow = typeof fmeaProjectAttachment.$inferSelect;

export interface ProjectAttachment {
  id: string;
  /** The stored file's id, as the download call takes it. */
  fileName: string;
  originalName: string;
  size: number;
  mime: string;
  createdAt: Date;
  createdBy: string | null;
  createdByName: string | null;
}

/** The files attached to a project, oldest first (members only). */
export async function listAttachments(ctx: ServiceContext, projectId: string): Promise<ProjectAttachment[]> {
  await openableProject(ctx.db, ctx.actor, projectId, ctx.now());
  const rows = await ctx.db
    .select({
      id: fmeaProjectAttachment.id,
      fileName: file.id,
      originalName: file.originalName,
      size: file.size,
      mime: file.mime,
      createdAt: fmeaProjectAttachment.createdAt,
      createdBy: fmeaProjectAttachment.createdBy,
      realName: user.realName,
      userName: user.userName,
    })
    .from(fmeaProjectAttachment)
    .innerJoin(file, eq(file.id, fmeaProjectAttachment.fileId))
    .leftJoin(user, eq(user.id, fmeaProjectAttachment.createdBy))
    .where(eq(fmeaProjectAttachment.projectId, projectId))
    // rows added in one call share a time: rowid keeps the order they were given in
    .orderBy(fmeaProjectAttachment.createdAt, sql`${fmeaProjectAttachment}.rowid`);
  return rows.map(({ realName, userName, ...row }) => ({ ...row, createdByName: realName || userName || null }));
}

/**
 * Attaches files the caller uploaded (kind attachment or largeAttachment) to a
 * project they may edit. A file already attached is left as it is; more than
 * 20 attachments on one project are refused.
 */
export async function addAttachments(ctx: ServiceContext, projectId: string, fileNames: readonly string[]): Promise<ProjectAttachment[]> {
  const wanted = [...new Set(fileNames)];
  if (wanted.length === 0) throw new InvalidInputError('files.none');
  await writeAndLog(ctx, async (tx, txCtx) => {
    await assertProjectEditable(tx, ctx.actor, projectId, ctx.now(), 'edit');
    const files = await tx.select().from(file).where(inArray(file.id, wanted));
    for (const name of wanted) {
      const record = files.find((f) => f.id === name);
      if (!record) throw new NotFoundError('files.not_found');
      if (!ATTACHABLE_KINDS.includes(record.kind)) throw new InvalidInputError('fmea.attachment_kind' satisfies FmeaServiceMessageKey);
      // the system operator (CLI) may attach anything; a user only what they uploaded themselves
      if (ctx.actor.userId !== null && record.uploadedBy !== ctx.actor.userId) {
        throw new NotAllowedError('fmea.attachment_not_yours' satisfies FmeaServiceMessageKey);
      }
    }
    const existing = await tx
      .select({ fileId: fmeaProjectAttachment.fileId })
      .from(fmeaProjectAttachment)
      .where(and(eq(fmeaProjectAttachment.projectId, projectId), inArray(fmeaProjectAttachment.fileId, wanted)));
    const fresh = wanted.filter((name) => !existing.some((e) => e.fileId === name));
    const [{ total } = { total: 0 }] = await tx.select({ total: count() }).from(fmeaProjectAttachment).where(eq(fmeaProjectAttachment.projectId, projectId));
    if (total + fresh.length > MAX_ATTACHMENTS_PER_PROJECT) {
      throw new InvalidInputError('fmea.attachment_limit' satisfies FmeaServiceMessageKey, { count: MAX_ATTACHMENTS_PER_PROJECT });
    }
    const rows =
      fresh.length === 0
        ? []
        : await tx
            .insert(fmeaProjectAttachment)
            .values(fresh.map((fileId) => ({ projectId, fileId, createdBy: ctx.actor.userId, createdAt: txCtx.now() })))
            .returning();
    return {
      result: undefined,
      log: rows.map((row) => ({ action: 'fmea.attachment.create', entity: 'fmea_project_attachment', entityId: row.id, after: row })),
    };
  });
  return listAttachments(ctx, projectId);
}

/** Takes a file off a project (the stored file itself stays, as every upload does). */
export async function removeAttachment(ctx: ServiceContext, input: { projectId: string; id: string }): Promise<void> {
  await writeAndLog(ctx, async (tx) => {
    await assertProjectEditable(tx, ctx.actor, input.projectId, ctx.now(), 'edit');
    const before = await tx
      .select()
      .from(fmeaProjectAttachment)
      .where(and(eq(fmeaProjectAttachment.id, input.id), eq(fmeaProjectAttachment.projectId, input.projectId)))
      .get();
    if (!before) throw new NotFoundError('fmea.attachment_not_found' satisfies FmeaServiceMessageKey, { attachmentId: input.id });
    await tx.delete(fmeaProjectAttachment).where(eq(fmeaProjectAttachment.id, before.id));
    return { result: undefined, log: { action: 'fmea.attachment.delete', entity: 'fmea_project_attachment', entityId: before.id, before } };
  });
}
