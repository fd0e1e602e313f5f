import {
  CAUSE_TRACKS,
  IS_NOT_DIMENSIONS,
  ISHIKAWA_CATEGORIES,
  PROBLEM_ACTION_KINDS,
  PROBLEM_ACTION_STATUSES,
  PROBLEM_MEMBER_ROLES,
  PROBLEM_SOURCES,
  PROBLEM_STATUSES,
  PROBLEM_STEP_STATES,
  PROBLEM_STEPS,
  PROBLEM_TYPES,
  type ProblemListItem,
  type ProblemSummary,
  type ProblemView,
} from '@fmea/core';
import { DateTime, Id } from '../../http/fields.ts';
import { z } from '../../http/route.ts';

/**
 * The problem area's shapes (issue 24; docs/domain/problems-8d.md): a problem (spec 001 §3), its ten steps,
 * team, is / is-not, causes (Ishikawa, both tracks), 5-why answers and actions. Moments are ISO 8601 texts.
 */
export const TAG = 'problem';

export const ProblemKey = Id.openapi({ description: 'The problem: its id or its number (RS…)' });
export const Version = z.number().int().min(1).openapi({ description: 'The problem’s version as read (a stale one is 409 problem.stale)' });
export const NullableText = z.string().max(200).nullable().optional();
export const Narrative = z.string().max(4000).nullable().optional().openapi({ description: 'At most 4000 characters' });

const Moment = DateTime.nullable();

const summaryFields = {
  id: z.string(),
  problemNum: z.string().openapi({ description: 'The problem’s number (prefix RS)' }),
  brief: z.string(),
  description: z.string().nullable(),
  type: z.enum(PROBLEM_TYPES),
  source: z.enum(PROBLEM_SOURCES),
  happenedAt: Moment.openapi({ description: 'Happen time' }),
  location: z.string().nullable(),
  frequency: z.string().nullable(),
  processingEquipment: z.string().nullable(),
  unqualifiedBatch: z.string().nullable(),
  partNumber: z.string().nullable(),
  supplier: z.string().nullable(),
  customerProblem: z.boolean().openapi({ description: 'A customer problem (listed on fawProblem_index, governed by that route)' }),
  customerName: z.string().nullable(),
  responsibleId: z.string().nullable(),
  responsibleName: z.string().nullable(),
  status: z.enum(PROBLEM_STATUSES).openapi({ description: 'open (worked), underReview (the 8D report waits for the named approver), released (approved: release by and date), closed' }),
  approverId: z.string().nullable(),
  approverName: z.string().nullable(),
  submitterId: z.string().nullable(),
  submitterName: z.string().nullable(),
  submittedAt: Moment,
  reviewOpinion: z.string().nullable().openapi({ description: 'The last decision’s opinion' }),
  releasedById: z.string().nullable(),
  releasedByName: z.string().nullable(),
  releasedAt: Moment,
  plannedCompletion: Moment,
  actualCompletion: Moment.openapi({ description: 'Set when the problem closes' }),
  closedLoop: z.boolean().nullable().openapi({ description: 'Closed loop (true), not (false), undecided (null)' }),
  closedLoopReason: z.string().nullable(),
  openProposalsReason: z.string().nullable().openapi({ description: 'Why it was closed while FMEA change proposals of it were still open (docs/domain/closed-loop.md)' }),
  closedAt: Moment,
  closedByName: z.string().nullable(),
  experienceId: z.string().nullable().openapi({ description: 'The experience record its lesson was pushed to' }),
  creatorId: z.string().nullable(),
  creatorName: z.string().nullable(),
  updaterName: z.string().nullable(),
  version: z.number().int(),
  createTime: DateTime,
  updateTime: DateTime,
};
export const ProblemSummarySchema = z.strictObject(summaryFields).openapi('ProblemSummary');
const CustomValuesSchema = z.record(z.string(), z.string()).openapi({ description: 'Custom field values by system name' });
/** A list row: the summary with its custom field values (the list's columns). */
export const ProblemListItemSchema = z.strictObject({ ...summaryFields, customFields: CustomValuesSchema }).openapi('ProblemListItem');

const StepSchema = z
  .strictObject({
    id: z.string(),
    step: z.enum(PROBLEM_STEPS),
    state: z.enum(PROBLEM_STEP_STATES),
    content: z.string().nullable(),
    ownerId: z.string().nullable(),
    ownerName: z.string().nullable(),
    dueAt: Moment,
    startedAt: Moment,
    finishedAt: Moment,
    finishedByName: z.string().nullable(),
  })
  .openapi('ProblemStep');
const MemberSchema = z.strictObject({ id: z.string(), userId: z.string(), userName: z.string(), role: z.enum(PROBLEM_MEMBER_ROLES), duty: z.string().nullable() }).openapi('ProblemMember');
const IsNotSchema = z.strictObject({ id: z.string(), dimension: z.enum(IS_NOT_DIMENSIONS), isText: z.string().nullable(), isNotText: z.string().nullable() }).openapi('ProblemIsNot');
const CauseSchema = z
  .strictObject({
    id: z.string(),
    track: z.enum(CAUSE_TRACKS).openapi({ description: 'occurrence: why it occurred; detection: why it was not detected' }),
    category: z.enum(ISHIKAWA_CATEGORIES).nullable().openapi({ description: 'The Ishikawa (6M) bone' }),
    description: z.string(),
    rootCause: z.boolean(),
    verification: z.string().nullable(),
  })
  .openapi('ProblemCause');
const WhySchema = z
  .strictObject({ id: z.string(), track: z.enum(CAUSE_TRACKS), chain: z.number().int().openapi({ description: '1, 2, … per track' }), level: z.number().int().openapi({ description: 'Why 1, 2, …' }), answer: z.string(), causeId: z.string().nullable() })
  .openapi('ProblemWhy');
const ActionSchema = z
  .strictObject({
    id: z.string(),
    kind: z.enum(PROBLEM_ACTION_KINDS).openapi({ description: 'emergency (D0), containment (D3), corrective (D5), verification (D6), preventive (D7A), readAcross (D7B)' }),
    description: z.string(),
    causeId: z.string().nullable(),
    ownerId: z.string().nullable(),
    ownerName: z.string().nullable(),
    plannedAt: Moment,
    doneAt: Moment,
    status: z.enum(PROBLEM_ACTION_STATUSES),
    result: z.string().nullable(),
  })
  .openapi('ProblemAction');

export const ProblemSchema = z
  .strictObject({
    ...summaryFields,
    steps: z.array(StepSchema).openapi({ description: 'D0 … D8 with 7A and 7B, in order' }),
    members: z.array(MemberSchema),
    isNot: z.array(IsNotSchema),
    causes: z.array(CauseSchema),
    whys: z.array(WhySchema),
    actions: z.array(ActionSchema),
    customFields: CustomValuesSchema,
    closureAllowedAt: Moment.openapi({ description: 'From when the problem may close: 30 days after D6 was finished; null until it is' }),
    can: z.strictObject({ edit: z.boolean(), del: z.boolean(), decide: z.boolean().openapi({ description: 'The caller is the named approver of the report under review' }) }),
  })
  .openapi('Problem');

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const pick = <T extends Record<string, unknown>, K extends keyof T>(row: T, keys: readonly K[]) => Object.fromEntries(keys.map((k) => [k, row[k] instanceof Date ? (row[k] as Date).toISOString() : row[k]])) as { [P in K]: T[P] extends Date ? string : T[P] extends Date | null ? string | null : T[P] };

export function presentSummary(p: ProblemSummary): z.output<typeof ProblemSummarySchema> {
  const { createdAt, updatedAt, happenedAt, submittedAt, releasedAt, plannedCompletion, actualCompletion, closedAt, ...rest } = p;
  return {
    ...rest,
    happenedAt: iso(happenedAt),
    submittedAt: iso(submittedAt),
    releasedAt: iso(releasedAt),
    plannedCompletion: iso(plannedCompletion),
    actualCompletion: iso(actualCompletion),
    closedAt: iso(closedAt),
    createTime: createdAt.toISOString(),
    updateTime: updatedAt.toISOString(),
  };
}

export function presentListItem({ customFields, ...summary }: ProblemListItem): z.output<typeof ProblemListItemSchema> {
  return { ...presentSummary(summary), customFields };
}

export function presentProblem(p: ProblemView): z.output<typeof ProblemSchema> {
  const { steps, members, isNot, causes, whys, actions, closureAllowedAt, can, customFields, ...summary } = p;
  return {
    ...presentSummary(summary),
    steps: steps.map((s) => pick(s, ['id', 'step', 'state', 'content', 'ownerId', 'ownerName', 'dueAt', 'startedAt', 'finishedAt', 'finishedByName'] as const)),
    members: members.map((m) => pick(m, ['id', 'userId', 'userName', 'role', 'duty'] as const)),
    isNot: isNot.map((r) => pick(r, ['id', 'dimension', 'isText', 'isNotText'] as const)),
    causes: causes.map((c) => pick(c, ['id', 'track', 'category', 'description', 'rootCause', 'verification'] as const)),
    whys: whys.map((w) => pick(w, ['id', 'track', 'chain', 'level', 'answer', 'causeId'] as const)),
    actions: actions.map((a) => pick(a, ['id', 'kind', 'description', 'causeId', 'ownerId', 'ownerName', 'plannedAt', 'doneAt', 'status', 'result'] as const)),
    customFields,
    closureAllowedAt: iso(closureAllowedAt),
    can,
  };
}
