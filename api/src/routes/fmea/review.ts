import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import {
  approveReview,
  FMEA_REVIEW_CONCLUSIONS,
  FMEA_REVIEW_EVENTS,
  FMEA_REVIEW_ROLES,
  FMEA_REVIEW_STATUSES,
  FMEA_REVIEW_WALK_STEPS,
  getReviewHistory,
  getReviewState,
  giveReviewOpinion,
  markReviewStep,
  rejectReview,
  releaseReview,
  republishReview,
  rereviewReview,
  RELEASE_CONDITIONS,
  revokeReview,
  submitReview,
  type FmeaReviewResult,
  type FmeaReviewView,
} from '@fmea/core';
import { ok } from '../../envelope.ts';
import type { AppEnv } from '../../http/env.ts';
import { DateTime } from '../../http/fields.ts';
import { defineRoute, jsonBody, z } from '../../http/route.ts';
import { pushFmeaReviewNotices } from '../../realtime/review-notice.ts';
import { pushMessages } from '../../realtime/message-push.ts';
import { fmeaContext, notifyChanged, readAccess } from './access.ts';
import { Id, RequiredText, Timestamp } from './schemas.ts';

const TAG = 'fmea-review';

const Person = { userId: z.string(), userName: z.string().nullable(), realName: z.string().nullable() };
const Role = z.enum(FMEA_REVIEW_ROLES).openapi({ description: 'professional: professional reviewer; quality: quality reviewer; technical: technical director; countersign: verification countersigner' });

const WalkStep = z.enum(FMEA_REVIEW_WALK_STEPS).openapi({ description: 'A step of the review walk (the workbench tab key)' });

const ReviewSchema = z
  .strictObject({
    projectId: z.string(),
    status: z.enum(FMEA_REVIEW_STATUSES),
    round: z.number().int().openapi({ description: '0 before the first submission' }),
    releaseCondition: z.enum(RELEASE_CONDITIONS).openapi({ description: 'one: the first releaser releases; all: the technical director and the countersigner both must' }),
    assignees: z.array(z.strictObject({ role: Role, ...Person })),
    opinions: z.array(z.strictObject({ role: Role, userId: z.string(), conclusion: z.enum(FMEA_REVIEW_CONCLUSIONS), text: z.string(), at: DateTime })),
    approvedBy: z.string().nullable(),
    approvedAt: DateTime.nullable(),
    releasedAt: DateTime.nullable(),
    submittedBy: z.string().nullable(),
    submittedAt: DateTime.nullable(),
    waitingFor: z.array(z.string()).openapi({ description: 'The users the project waits for now' }),
    walkSteps: z.array(WalkStep).openapi({ description: 'The steps each opinion reviewer reviews, in order: from the block diagram (DFMEA, family, MSR), the process flow chart (PFMEA) or the worksheet (FMEDA)' }),
    reviewInOrder: z.boolean().openapi({ description: 'Business rule fmeaReviewInOrder: the steps are marked in order and the opinion waits for the whole walk' }),
    namedRoles: z.array(z.enum(FMEA_REVIEW_ROLES)).openapi({ description: 'The roles a submission names under the kind’s workflow settings (no countersigner: the technical director holds that role too)' }),
    walks: z
      .array(
        z.strictObject({
          ...Person,
          roles: z.array(Role),
          steps: z.array(z.strictObject({ step: WalkStep, reviewedAt: DateTime.nullable() })),
          next: WalkStep.nullable().openapi({ description: 'The first step not yet marked; null when the walk is complete' }),
          complete: z.boolean(),
        }),
      )
      .openapi({ description: "Each opinion reviewer's walk in the current round" }),
  })
  .openapi('FmeaReview');

const HistorySchema = z.array(
  z
    .strictObject({
      round: z.number().int().nullable(),
      event: z.enum(FMEA_REVIEW_EVENTS),
      ...Person,
      userId: z.string().nullable(),
      role: Role.nullable(),
      conclusion: z.enum(FMEA_REVIEW_CONCLUSIONS).nullable(),
      opinion: z.string().nullable(),
      acknowledgedWarnings: z.number().int().nullable().openapi({ description: 'Submit, re-review, release: how many check warnings the actor read and acknowledged' }),
      status: z.string(),
      at: DateTime,
    })
    .openapi('FmeaReviewStep'),
);

const ProjectBody = z.object({ projectId: Id });
/** Submit, re-review and release run the checks before release (GET /api/project/checks): warnings refuse unless acknowledged. */
const Acknowledge = {
  acknowledgeWarnings: z.boolean().optional().openapi({ description: 'The caller read the checks’ warnings and goes on (stored in the review history); without it any warning refuses (409 fmeaCheck.warnings_unacknowledged)' }),
};
const CHECKS_NOTE = ' Runs the checks before release: any error refuses with 409 fmeaCheck.report_incomplete (“Report incomplete, not allowed to be released”, params.errors), warnings with 409 fmeaCheck.warnings_unacknowledged unless acknowledgeWarnings is true.';
const Assignees = z
  .object(Object.fromEntries(FMEA_REVIEW_ROLES.map((role) => [role, Id.nullable().optional()])) as Record<(typeof FMEA_REVIEW_ROLES)[number], z.ZodOptional<z.ZodNullable<typeof Id>>>)
  .openapi('FmeaReviewAssignees', { description: 'User ids of the four review roles; each must be named and able to read the project' });

const route = <P extends string>(path: P, summary: string, description: string, body: z.ZodType = ProjectBody) =>
  defineRoute({ method: 'post', path: `/api/project/review/${path}`, tag: TAG, summary, description, access: readAccess, request: jsonBody(body), data: ReviewSchema });

export const submitRoute = route(
  'submit',
  'Submit the project for review, naming the four review roles',
  'The responsible person (role 0) or an administrator; from draft, in preparation or rejected. 400 status.fmea_review.reviewer_required when a role is not named, 403 fmea.reviewers_cannot_read when a named user cannot read the project (one issue per such role, on assignees.<role>, naming the person), 409 in any other status.' + CHECKS_NOTE,
  ProjectBody.extend({ assignees: Assignees, ...Acknowledge }),
);
export const opinionRoute = route(
  'opinion',
  'A named reviewer gives their opinion (conform, incompatible, partial match)',
  'Only the professional or quality reviewer named in the round (403 status.fmea_review.not_current_reviewer); one opinion per role and round. A user holding both roles names the role. While the business rule fmeaReviewInOrder is on, only after the reviewer marked every step of the walk (POST /api/project/review/walk; else 409 status.fmea_review.walk_incomplete).',
  ProjectBody.extend({ conclusion: z.enum(FMEA_REVIEW_CONCLUSIONS), opinion: RequiredText, role: Role.optional() }),
);
export const walkRoute = route(
  'walk',
  'A named opinion reviewer marks a step of the project reviewed',
  'Reviews proceed in order starting from the block diagram (spec 001 §4): the professional or quality reviewer of the round marks the steps of walkSteps one after the other. While the business rule fmeaReviewInOrder is on, a step whose earlier steps are unmarked answers 409 status.fmea_review.earlier_steps_unfinished ("unfinished earlier steps block this operation", params.missing the first open step). Marking a step again changes nothing. 403 status.fmea_review.not_current_reviewer for anyone else, 409 outside a review, 400 for a step not in the walk.',
  ProjectBody.extend({ step: WalkStep }),
);
export const approveRoute = route(
  'approve',
  'The technical director approves',
  'After every opinion (409 status.fmea_review.opinions_missing) and none incompatible (409 status.fmea_review.opinion_incompatible); anyone else answers 403 "not the current approver".',
);
export const rejectRoute = route(
  'reject',
  'Reject and submit to dismissor: back to the author with the opinion',
  'Under review: any named reviewer; approved: a releaser. The opinion is required.',
  ProjectBody.extend({ opinion: RequiredText }),
);
export const releaseRoute = route(
  'release',
  'Release (publish) the approved project',
  'The technical director or the verification countersigner; with the release condition all (business rule fmeaReleaseAll) both must release.' + CHECKS_NOTE,
  ProjectBody.extend(Acknowledge),
);
export const revokeRoute = route('revoke', 'Revoke publication (repeal publication)', 'The responsible person or an administrator; the project can be edited again.');
export const republishRoute = route(
  'republish',
  'Publish a revoked project again',
  'The responsible person or an administrator, only while unchanged since the revocation: an edit moves it into preparation, which needs a new review (409).',
);
export const rereviewRoute = route(
  'rereview',
  'Review a released or revoked project again (a new round)',
  'The responsible person or an administrator; the round keeps its reviewers unless others are named.' + CHECKS_NOTE,
  ProjectBody.extend({ assignees: Assignees.optional(), ...Acknowledge }),
);

export const stateRoute = defineRoute({
  method: 'get',
  path: '/api/project/review/state',
  tag: TAG,
  summary: 'Where the project stands on the review path',
  description: 'Anyone who may open the project.',
  access: readAccess,
  request: { query: z.object({ projectId: Id, timestamp: Timestamp }) },
  data: ReviewSchema,
});

export const historyRoute = defineRoute({
  method: 'get',
  path: '/api/project/review/history',
  tag: TAG,
  summary: 'Every review step of the project, newest first',
  description: 'Submissions, opinions, approvals, rejections with their opinion, releases, revocations and the first edit after each; anyone who may open the project.',
  access: readAccess,
  request: { query: z.object({ projectId: Id, timestamp: Timestamp }) },
  data: HistorySchema,
});

const present = (review: FmeaReviewView) => review;

/** After a step: the members' open views refresh (the lock changed), the people named in the notifications are told. */
async function answer(c: Context<AppEnv>, projectId: string, result: FmeaReviewResult) {
  await notifyChanged(c, projectId, 'fmea_project', projectId);
  pushFmeaReviewNotices(c.var.services.realtime, result.notifications);
  pushMessages(c.var.services.realtime, result.messages);
  return c.json(ok(present(result.review)), 200);
}

export function register(app: OpenAPIHono<AppEnv>) {
  app.openapi(submitRoute, async (c) => {
    const { projectId, assignees, acknowledgeWarnings } = c.req.valid('json') as { projectId: string; assignees: Record<string, string | null>; acknowledgeWarnings?: boolean };
    return answer(c, projectId, await submitReview(fmeaContext(c), projectId, assignees, { acknowledgeWarnings }));
  });
  app.openapi(opinionRoute, async (c) => {
    const { projectId, conclusion, opinion, role } = c.req.valid('json') as { projectId: string; conclusion: (typeof FMEA_REVIEW_CONCLUSIONS)[number]; opinion: string; role?: (typeof FMEA_REVIEW_ROLES)[number] };
    return answer(c, projectId, await giveReviewOpinion(fmeaContext(c), projectId, { conclusion, text: opinion, ...(role ? { role } : {}) }));
  });
  app.openapi(walkRoute, async (c) => {
    const { projectId, step } = c.req.valid('json') as { projectId: string; step: string };
    return c.json(ok(present(await markReviewStep(fmeaContext(c), projectId, step))), 200);
  });
  app.openapi(approveRoute, async (c) => {
    const { projectId } = c.req.valid('json') as { projectId: string };
    return answer(c, projectId, await approveReview(fmeaContext(c), projectId));
  });
  app.openapi(rejectRoute, async (c) => {
    const { projectId, opinion } = c.req.valid('json') as { projectId: string; opinion: string };
    return answer(c, projectId, await rejectReview(fmeaContext(c), projectId, opinion));
  });
  app.openapi(releaseRoute, async (c) => {
    const { projectId, acknowledgeWarnings } = c.req.valid('json') as { projectId: string; acknowledgeWarnings?: boolean };
    return answer(c, projectId, await releaseReview(fmeaContext(c), projectId, { acknowledgeWarnings }));
  });
  app.openapi(revokeRoute, async (c) => {
    const { projectId } = c.req.valid('json') as { projectId: string };
    return answer(c, projectId, await revokeReview(fmeaContext(c), projectId));
  });
  app.openapi(republishRoute, async (c) => {
    const { projectId } = c.req.valid('json') as { projectId: string };
    return answer(c, projectId, await republishReview(fmeaContext(c), projectId));
  });
  app.openapi(rereviewRoute, async (c) => {
    const { projectId, assignees, acknowledgeWarnings } = c.req.valid('json') as { projectId: string; assignees?: Record<string, string | null>; acknowledgeWarnings?: boolean };
    return answer(c, projectId, await rereviewReview(fmeaContext(c), projectId, assignees, { acknowledgeWarnings }));
  });
  app.openapi(stateRoute, async (c) => c.json(ok(present(await getReviewState(fmeaContext(c), c.req.valid('query').projectId))), 200));
  app.openapi(historyRoute, async (c) => c.json(ok(await getReviewHistory(fmeaContext(c), c.req.valid('query').projectId)), 200));
}
