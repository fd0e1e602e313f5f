import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { ewoDocument, ewoEntry, ewoItem, file } from '../../db/schema/index.ts';
import { openStatusOf, type EwoBreakpointKind, type EwoBreakpointResult, type EwoDocumentSide, type EwoEntryKind, type EwoFmeaRef, type EwoItemKind, type EwoOpenStatus, type EwoSource, type EwoState, type EwoType } from '../../domain/ewo/index.ts';
import { ewoFlow, EWO_EDITABLE_STATES, type EwoEvent } from '../../domain/ewo/index.ts';
import { holds, mayDelete, mayOwn, type EwoCaller, type EwoRow } from './access.ts';

/** An EWO as lists show it. */
export interface EwoSummary {
  id: string;
  ewoNum: string;
  description: string;
  ewoType: EwoType;
  source: EwoSource;
  closingDate: string | null;
  trackerId: string;
  trackerName: string;
  status: EwoState;
  openStatus: EwoOpenStatus;
  approverId: string | null;
  approverName: string | null;
  submitterName: string | null;
  submittedAt: Date | null;
  publishedAt: Date | null;
  publishOpinion: string | null;
  breakpointKind: EwoBreakpointKind | null;
  breakpointValue: string | null;
  breakpointVerifiedAt: Date | null;
  breakpointVerifiedByName: string | null;
  closedAt: Date | null;
  closedByName: string | null;
  creatorId: string | null;
  creatorName: string | null;
  updaterName: string | null;
  version: number;
  createdAt: Date;
  updatedAt: Date;
}

export interface EwoItemView {
  id: string;
  kind: EwoItemKind;
  refId: string;
  fmeaRef: EwoFmeaRef | null;
  projectId: string | null;
  bomId: string | null;
  productId: string | null;
  code: string;
  label: string;
  changeNote: string | null;
  creatorName: string | null;
  createdAt: Date;
}

export interface EwoDocumentView {
  id: string;
  side: EwoDocumentSide;
  docName: string;
  docVersion: string;
  fileId: string;
  fileName: string;
  size: number;
  uploaderName: string | null;
  createdAt: Date;
}

export interface EwoEntryView {
  id: string;
  kind: EwoEntryKind;
  content: string | null;
  breakpointKind: EwoBreakpointKind | null;
  breakpointValue: string | null;
  result: EwoBreakpointResult | null;
  actorName: string;
  at: Date;
}

/** What the caller may do with it now (the server checks again; the page offers only these). */
export interface EwoAbilities {
  edit: boolean;
  delete: boolean;
  followUp: boolean;
  /** Events of the flow the caller may send now. */
  events: EwoEvent[];
}

export interface EwoView extends EwoSummary {
  items: EwoItemView[];
  documents: EwoDocumentView[];
  entries: EwoEntryView[];
  can: EwoAbilities;
}

export const ewoSummary = (row: EwoRow): EwoSummary => ({
  id: row.id,
  ewoNum: row.ewoNum,
  description: row.description,
  ewoType: row.ewoType,
  source: row.source,
  closingDate: row.closingDate,
  trackerId: row.trackerId,
  trackerName: row.trackerName,
  status: row.status,
  openStatus: openStatusOf(row.status),
  approverId: row.approverId,
  approverName: row.approverName,
  submitterName: row.submitterName,
  submittedAt: row.submittedAt,
  publishedAt: row.publishedAt,
  publishOpinion: row.publishOpinion,
  breakpointKind: row.breakpointKind,
  breakpointValue: row.breakpointValue,
  breakpointVerifiedAt: row.breakpointVerifiedAt,
  breakpointVerifiedByName: row.breakpointVerifiedByName,
  closedAt: row.closedAt,
  closedByName: row.closedByName,
  creatorId: row.creatorId,
  creatorName: row.creatorName,
  updaterName: row.updaterName,
  version: row.version,
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
});

/** The flow's events the caller may send: the owner's steps, the approver's decision. */
export function abilities(caller: EwoCaller, row: EwoRow): EwoAbilities {
  const owner = mayOwn(caller, row);
  const approver = caller.actor.isAdmin || (!!caller.actor.userId && row.approverId === caller.actor.userId);
  const events = ewoFlow.events(row.status).filter((event) => {
    if (event === 'approve' || event === 'reject') return approver && holds(caller, 'audit');
    if (event === 'withdraw') return owner || (!!caller.actor.userId && row.submitterId === caller.actor.userId);
    if (event === 'submit') return owner && holds(caller, 'edit');
    return owner;
  });
  return {
    edit: owner && holds(caller, 'edit') && EWO_EDITABLE_STATES.includes(row.status),
    delete: mayDelete(caller, row) && row.status === 'opening',
    followUp: owner && row.status !== 'closed' && row.status !== 'opening',
    events,
  };
}

export async function ewoView(db: DbOrTx, caller: EwoCaller, row: EwoRow): Promise<EwoView> {
  const [items, documents, entries] = await Promise.all([
    db.select().from(ewoItem).where(eq(ewoItem.ewoId, row.id)).orderBy(asc(ewoItem.kind), asc(ewoItem.sort)),
    db
      .select({ doc: ewoDocument, fileName: file.originalName, size: file.size })
      .from(ewoDocument)
      .innerJoin(file, eq(file.id, ewoDocument.fileId))
      .where(eq(ewoDocument.ewoId, row.id))
      .orderBy(asc(ewoDocument.side), asc(ewoDocument.createdAt)),
    db.select().from(ewoEntry).where(eq(ewoEntry.ewoId, row.id)).orderBy(asc(ewoEntry.seq)),
  ]);
  return {
    ...ewoSummary(row),
    items: items.map((i) => ({ id: i.id, kind: i.kind, refId: i.refId, fmeaRef: i.fmeaRef, projectId: i.projectId, bomId: i.bomId, productId: i.productId, code: i.code, label: i.label, changeNote: i.changeNote, creatorName: i.creatorName, createdAt: i.createdAt })),
    documents: documents.map(({ doc, fileName, size }) => ({ id: doc.id, side: doc.side, docName: doc.docName, docVersion: doc.docVersion, fileId: doc.fileId, fileName, size, uploaderName: doc.uploaderName, createdAt: doc.createdAt })),
    entries: entries.map((e) => ({ id: e.id, kind: e.kind, content: e.content, breakpointKind: e.breakpointKind, breakpointValue: e.breakpointValue, result: e.result, actorName: e.actorName, at: e.at })),
    can: abilities(caller, row),
  };
}
