import { FTA_LINK_EVENT_KINDS, FTA_NAME_MAX, FTA_REVIEW_REASONS, FTA_STATUSES, FAILURE_KINDS, type FtaTreeSummary, type FtaTreeView } from '@fmea/core';
import { DateTime, iso } from '../../http/fields.ts';
import { z } from '../../http/route.ts';

/**
 * The FTA area's shapes (issue 23): a stored tree's document exactly as core keeps it
 * (core/src/domain/fta/document.ts), its summary for the list, and the analysis and link answers.
 * The document's semantic checks (names, inputs, cycles, bounds) are core's, each named in the reader's
 * language; the schema checks only the shape.
 */
export const TAG = 'fta';

const Name = z.string().max(FTA_NAME_MAX);
const Label = z.string().max(FTA_NAME_MAX).optional().openapi({ description: 'The text the diagram shows (MEF label)' });
const LIST_MAX = 100_000;

const EventModel = z
  .discriminatedUnion('kind', [
    z.strictObject({ kind: z.literal('probability'), probability: z.number().openapi({ description: '0 to 1' }) }),
    z.strictObject({ kind: z.literal('exponential'), rate: z.number().openapi({ description: 'Failure rate per hour (λ); the probability is 1 − e^(−λ·missionTime)' }) }),
  ])
  .openapi('FtaEventModel');

export const DocumentSchema = z
  .strictObject({
    name: Name.openapi({ description: 'The tree’s name (kept equal to the stored tree’s name on save)' }),
    missionTime: z.number().openapi({ description: 'Hours, above 0' }),
    top: Name.openapi({ description: 'The top event: one of the gates' }),
    gates: z
      .array(
        z.strictObject({
          name: Name,
          label: Label,
          operator: z.enum(['and', 'or', 'atleast', 'not', 'xor']),
          min: z.number().int().optional().openapi({ description: 'k of an atleast (k-of-n) gate, 1 to its inputs' }),
          inputs: z.array(Name).max(LIST_MAX).openapi({ description: 'Names of gates, basic events, house events or transfers' }),
        }),
      )
      .max(LIST_MAX),
    basicEvents: z.array(z.strictObject({ name: Name, label: Label, model: EventModel })).max(LIST_MAX),
    houseEvents: z.array(z.strictObject({ name: Name, label: Label, state: z.boolean().openapi({ description: 'true: the event has happened (a constant)' }) })).max(LIST_MAX),
    transfers: z
      .array(z.strictObject({ name: Name, label: Label, tree: Name.openapi({ description: 'The stored tree it stands for, by its number (FT…): its top event' }) }))
      .max(LIST_MAX),
  })
  .openapi('FtaDocument');

const summaryFields = {
  id: z.string(),
  ftaNum: z.string().openapi({ description: 'The tree’s number (prefix FT)' }),
  name: z.string(),
  description: z.string().nullable(),
  missionTime: z.number(),
  projectId: z.string().nullable().openapi({ description: 'The FMEA project it is linked to (generated from); reading it then needs read access to that project' }),
  projectNum: z.string().nullable(),
  projectType: z.string().nullable(),
  sourceFailureId: z.string().nullable().openapi({ description: 'The failure effect it was generated from' }),
  status: z.enum(FTA_STATUSES).openapi({ description: 'draft (saved and deleted freely), underReview (waits for the named approver), released (frozen until revoked); moved only by submit, decide and revoke' }),
  gateCount: z.number().int(),
  basicEventCount: z.number().int(),
  version: z.number().int(),
  approverId: z.string().nullable().openapi({ description: 'The approver named at the last submission (decides while underReview)' }),
  approverName: z.string().nullable(),
  submitterName: z.string().nullable(),
  submitTime: DateTime.nullable(),
  creatorId: z.string().nullable().openapi({ description: 'The creator: revokes a release (besides administrators)' }),
  creatorName: z.string().nullable(),
  updaterName: z.string().nullable(),
  createTime: DateTime,
  updateTime: DateTime,
};
export const TreeSummarySchema = z.strictObject(summaryFields).openapi('FtaTreeSummary');
export const TreeSchema = z.strictObject({ ...summaryFields, document: DocumentSchema }).openapi('FtaTree');

const summaryOf = ({ createdAt, updatedAt, submittedAt, ...rest }: FtaTreeSummary) => ({ ...rest, submitTime: iso(submittedAt), createTime: iso(createdAt)!, updateTime: iso(updatedAt)! });
export const presentSummary = (tree: FtaTreeSummary) => {
  const { document: _document, ...summary } = tree as FtaTreeView;
  return summaryOf(summary);
};
export const presentTree = (tree: FtaTreeView) => ({ ...summaryOf(tree), document: tree.document });

export const LinkSchema = z
  .strictObject({
    id: z.string(),
    treeId: z.string(),
    ftaNum: z.string(),
    treeName: z.string(),
    eventName: z.string(),
    eventKind: z.enum(FTA_LINK_EVENT_KINDS).openapi({ description: 'top (↔ a failure effect), gate (↔ a mode), basic (↔ a cause, or a mode without causes)' }),
    projectId: z.string(),
    failureId: z.string(),
    failureKind: z.enum(FAILURE_KINDS),
    failureDescription: z.string().nullable().openapi({ description: 'The FMEA item’s description now; null when it was deleted' }),
    reviewNeeded: z.boolean(),
    reviewReasons: z
      .array(z.enum(FTA_REVIEW_REASONS))
      .openapi({ description: 'treeChanged: the tree’s event changed since the link was made or reviewed; fmeaChanged: the FMEA item’s description or ratings did; fmeaDeleted: the item is gone' }),
  })
  .openapi('FtaLink');
