import { InvalidInputError } from '../../errors.ts';
import { assertNoIssues, checkText } from '../../domain/validation/index.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { ServiceContext } from '../shared/context.ts';
import { readSetting, writeSetting } from '../shared/settings.ts';
import { writeAndLog } from '../shared/write.ts';
import { findFile } from '../files/files.ts';

/**
 * The working manual (spec 000 §2.4, issue #26): a help page the administrators keep, opened by the
 * header's help entry for every signed-in user. Its text is plain text with a light markup the
 * workbench renders as headings ("# "), list items ("- ") and paragraphs: no HTML is stored or
 * rendered, so nothing needs sanitising. A PDF (an uploaded attachment) may stand beside or instead
 * of the text; every signed-in user may read that file (files/access.ts).
 */
export interface WorkingManual {
  text: string;
  /** Stored file id of the PDF, or null. */
  pdfFileId: string | null;
  pdfName: string | null;
}

export const MANUAL_TEXT_MAX = 20_000;
const EMPTY: WorkingManual = { text: '', pdfFileId: null, pdfName: null };

export function getWorkingManual(db: DbOrTx): Promise<WorkingManual> {
  return readSetting(db, 'manual', EMPTY);
}

/** Replaces the manual's text and/or its PDF (null removes it); the PDF must be an uploaded PDF attachment. */
export async function setWorkingManual(ctx: ServiceContext, changes: { text?: string; pdfFileId?: string | null }): Promise<WorkingManual> {
  if (changes.text !== undefined) assertNoIssues(checkText(changes.text, { field: 'text', max: MANUAL_TEXT_MAX }));
  let pdf: { id: string; name: string } | null | undefined;
  if (changes.pdfFileId === null) pdf = null;
  else if (changes.pdfFileId !== undefined) {
    const record = await findFile(ctx.db, changes.pdfFileId, { kind: 'attachment' });
    if (record.mime !== 'application/pdf') throw new InvalidInputError('manual.not_pdf');
    pdf = { id: record.id, name: record.originalName };
  }
  return writeAndLog(ctx, async (tx) => {
    const before = await getWorkingManual(tx);
    const after: WorkingManual = {
      text: changes.text ?? before.text,
      pdfFileId: pdf === undefined ? before.pdfFileId : (pdf?.id ?? null),
      pdfName: pdf === undefined ? before.pdfName : (pdf?.name ?? null),
    };
    await writeSetting(tx, 'manual', after);
    return { result: after, log: { action: 'settings.manual', entity: 'setting', entityId: 'manual', before, after } };
  });
}

/** Whether a stored file is the working manual's PDF (read by every signed-in user). */
export async function isManualFile(db: DbOrTx, fileId: string): Promise<boolean> {
  return (await getWorkingManual(db)).pdfFileId === fileId;
}
