import {
  EWO_BREAKPOINT_KINDS,
  EWO_BREAKPOINT_RESULTS,
  EWO_DESCRIPTION_MAX,
  EWO_DOCUMENT_SIDES,
  EWO_ENTRY_KINDS,
  EWO_FMEA_REFS,
  EWO_ITEM_KINDS,
  EWO_OPEN_STATUSES,
  EWO_SOURCES,
  EWO_STATES,
  EWO_TYPES,
  ewoFlow,
  type EwoSummary,
  type EwoView,
} from '@fmea/core';
import { DateTime, Id, iso } from '../../http/fields.ts';
import { z } from '../../http/route.ts';

/**
 * The EWO area's shapes (issue 24; docs/domain/ewo.md). The schema checks the shape; core checks the content
 * (required fields, dates, who is named) and names each problem in the reader's language.
 */
export const TAG = 'ewo';

export const EwoKey = Id.openapi({ description: 'The EWO: its id or its number (EC…)' });
export const Version = z.number().int().min(1).openapi({ description: 'The version as read (a stale one is 409 ewo.stale)' });
export const Opinion = z.string().max(200).nullable().optional().openapi({ description: 'At most 200 characters' });

const summaryFields = {
  id: z.string(),
  ewoNum: z.string(),
  description: z.string(),
  ewoType: z.enum(EWO_TYPES),
  source: z.enum(EWO_SOURCES),
  closingDate: z.string().nullable().openapi({ description: 'Planned closing date, YYYY-MM-DD' }),
  trackerId: z.string(),
  trackerName: z.string(),
  status: z.enum(EWO_STATES).openapi({ description: 'opening → followUp → publishPending → published → breakpointVerified → closed' }),
  openStatus: z.enum(EWO_OPEN_STATUSES).openapi({ description: 'The spec’s change opening/closing: closed for a closed EWO, else open' }),
  approverId: z.string().nullable(),
  approverName: z.string().nullable(),
  submitterName: z.string().nullable(),
  submitTime: DateTime.nullable(),
  publishTime: DateTime.nullable(),
  publishOpinion: z.string().nullable(),
  breakpointKind: z.enum(EWO_BREAKPOINT_KINDS).nullable(),
  breakpointValue: z.string().nullable(),
  breakpointVerifyTime: DateTime.nullable(),
  breakpointVerifiedByName: z.string().nullable(),
  closeTime: DateTime.nullable(),
  closedByName: z.string().nullable(),
  creatorId: z.string().nullable(),
  creatorName: z.string().nullable(),
  updaterName: z.string().nullable(),
  version: z.number().int(),
  createTime: DateTime,
  updateTime: DateTime,
};
export const SummarySchema = z.strictObject(summaryFields).openapi('EwoSummary');

const ItemSchema = z
  .strictObject({
    id: z.string(),
    kind: z.enum(EWO_ITEM_KINDS),
    refId: z.string(),
    fmeaRef: z.enum(EWO_FMEA_REFS).nullable(),
    projectId: z.string().nullable(),
    bomId: z.string().nullable(),
    productId: z.string().nullable(),
    code: z.string().openapi({ description: 'The product number, part number or FMEA project number, as when added' }),
    label: z.string().openapi({ description: 'Its name or description as when added' }),
    changeNote: z.string().nullable(),
    creatorName: z.string().nullable(),
    createTime: DateTime,
  })
  .openapi('EwoItem');

const DocumentSchema = z
  .strictObject({
    id: z.string(),
    side: z.enum(EWO_DOCUMENT_SIDES),
    docName: z.string(),
    docVersion: z.string(),
    fileId: z.string().openapi({ description: 'Download with GET /api/fileOperate/downloadFile?fileName=' }),
    fileName: z.string(),
    size: z.number().int(),
    uploaderName: z.string().nullable(),
    createTime: DateTime,
  })
  .openapi('EwoDocument');

const EntrySchema = z
  .strictObject({
    id: z.string(),
    kind: z.enum(EWO_ENTRY_KINDS),
    content: z.string().nullable(),
    breakpointKind: z.enum(EWO_BREAKPOINT_KINDS).nullable(),
    breakpointValue: z.string().nullable(),
    result: z.enum(EWO_BREAKPOINT_RESULTS).nullable(),
    actorName: z.string(),
    time: DateTime,
  })
  .openapi('EwoEntry');

export const EwoSchema = z
  .strictObject({
    ...summaryFields,
    items: z.array(ItemSchema),
    documents: z.array(DocumentSchema),
    entries: z.array(EntrySchema).openapi({ description: 'Follow-ups and the flow’s steps, oldest first' }),
    can: z
      .strictObject({
        edit: z.boolean(),
        delete: z.boolean(),
        followUp: z.boolean(),
        events: z.array(z.enum(ewoFlow.allEvents as [string, ...string[]])).openapi({ description: 'The flow’s events the caller may send now' }),
      })
      .openapi({ description: 'What the caller may do now (the server checks again)' }),
  })
  .openapi('Ewo');

const summaryOf = ({ createdAt, updatedAt, submittedAt, publishedAt, breakpointVerifiedAt, closedAt, ...rest }: EwoSummary) => ({
  ...rest,
  submitTime: iso(submittedAt),
  publishTime: iso(publishedAt),
  breakpointVerifyTime: iso(breakpointVerifiedAt),
  closeTime: iso(closedAt),
  createTime: iso(createdAt)!,
  updateTime: iso(updatedAt)!,
});

export const presentSummary = (row: EwoSummary) => summaryOf(row);

export const presentEwo = ({ items, documents, entries, can, ...summary }: EwoView) => ({
  ...summaryOf(summary),
  items: items.map(({ createdAt, ...i }) => ({ ...i, createTime: iso(createdAt)! })),
  documents: documents.map(({ createdAt, ...d }) => ({ ...d, createTime: iso(createdAt)! })),
  entries: entries.map(({ at, ...e }) => ({ ...e, time: iso(at)! })),
  can: { ...can, events: [...can.events] },
});

export const Description = z.string().max(EWO_DESCRIPTION_MAX).openapi({ description: `At most ${EWO_DESCRIPTION_MAX} characters: the change's body` });
