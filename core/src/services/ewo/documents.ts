import { and, count, eq } from 'drizzle-orm';
import { ewoDocument, file } from '../../db/schema/index.ts';
import { InvalidInputError, NotAllowedError, NotFoundError } from '../../errors.ts';
import { assertEwoEditable, ewoDocumentIssues, type EwoDocumentSide } from '../../domain/ewo/index.ts';
import { assertNoIssues } from '../../domain/validation/index.ts';
import type { ServiceContext } from '../shared/context.ts';
import { writeAndLog } from '../shared/write.ts';
import { ewoCaller } from './access.ts';
import { bump, ownedAt, type EwoOutcome } from './ewos.ts';
import type { EwoMessageKey } from './messages.ts';
import { actorName } from './people.ts';
import { ewoView } from './view.ts';

/**
 * An EWO's documents before and after the change, each a name at a version on an uploaded file. Files go
 * through the file service (`/api/fileOperate/uploadSingleFile`, kind attachment or largeAttachment: its types
 * and size limits); here a user attaches only a file they uploaded themselves, and from then on the file is
 * served to those who may read the EWO (services/files/access.ts).
 */
export const EWO_DOCUMENT_KINDS = ['attachment', 'largeAttachment'] as const;
export const MAX_DOCUMENTS_PER_EWO = 40;

export interface EwoDocumentInput {
  version: number;
  docSide: EwoDocumentSide;
  docName: string;
  docVersion: string;
  fileId: string;
}

export async function addEwoDocument(ctx: ServiceContext, key: string, input: EwoDocumentInput): Promise<EwoOutcome> {
  const caller = await ewoCaller(ctx.db, ctx.actor, 'edit');
  assertNoIssues(ewoDocumentIssues(input));
  return writeAndLog(ctx, async (tx, txCtx) => {
    const before = await ownedAt(tx, caller, key, input.version);
    assertEwoEditable(before.status);
    const record = await tx.select().from(file).where(eq(file.id, input.fileId)).get();
    if (!record) throw new NotFoundError('files.not_found');
    if (!(EWO_DOCUMENT_KINDS as readonly string[]).includes(record.kind)) throw new InvalidInputError('ewo.document_kind' satisfies EwoMessageKey);
    // the system operator (CLI) may attach anything; a user only what they uploaded themselves
    if (ctx.actor.userId !== null && record.uploadedBy !== ctx.actor.userId) throw new NotAllowedError('ewo.document_not_yours' satisfies EwoMessageKey);
    const [{ total } = { total: 0 }] = await tx.select({ total: count() }).from(ewoDocument).where(eq(ewoDocument.ewoId, before.id));
    if (total >= MAX_DOCUMENTS_PER_EWO) throw new InvalidInputError('ewo.document_limit' satisfies EwoMessageKey, { count: MAX_DOCUMENTS_PER_EWO });
    const [doc] = await tx
      .insert(ewoDocument)
      .values({ ewoId: before.id, side: input.docSide, docName: input.docName.trim(), docVersion: input.docVersion.trim(), fileId: record.id, uploaderName: await actorName(tx, txCtx.actor), createdAt: txCtx.now(), updatedAt: txCtx.now() })
      .returning();
    const row = await bump(tx, txCtx, before, {});
    return { result: { ewo: await ewoView(tx, caller, row), messages: [] }, log: { action: 'ewo.document.add', entity: 'ewo_document', entityId: doc!.id, after: { ewoNum: row.ewoNum, side: doc!.side, docName: doc!.docName, docVersion: doc!.docVersion, file: record.originalName } } };
  });
}

export async function removeEwoDocument(ctx: ServiceContext, key: string, documentId: string, version: number): Promise<EwoOutcome> {
  const caller = await ewoCaller(ctx.db, ctx.actor, 'edit');
  return writeAndLog(ctx, async (tx, txCtx) => {
    const before = await ownedAt(tx, caller, key, version);
    assertEwoEditable(before.status);
    const doc = await tx.select().from(ewoDocument).where(and(eq(ewoDocument.id, documentId), eq(ewoDocument.ewoId, before.id))).get();
    if (!doc) throw new NotFoundError('ewo.document_missing' satisfies EwoMessageKey, { document: documentId });
    await tx.delete(ewoDocument).where(eq(ewoDocument.id, doc.id));
    const row = await bump(tx, txCtx, before, {});
    return { result: { ewo: await ewoView(tx, caller, row), messages: [] }, log: { action: 'ewo.document.remove', entity: 'ewo_document', entityId: doc.id, before: { ewoNum: row.ewoNum, side: doc.side, docName: doc.docName, docVersion: doc.docVersion } } };
  });
}
