import { and, asc, desc, eq, inArray, or } from 'drizzle-orm';
import { drbfmConcern, drbfmPart, fmeaFailure, fmeaFunction, fmeaNode } from '../../db/schema/index.ts';
import { openableProject } from '../fmea/access.ts';
import { contains } from '../shared/paging.ts';
import type { ProposalControlKind, ProposalKind } from '../../domain/loop/index.ts';
import { InvalidInputError } from '../../errors.ts';
import { proposeChange, type ProposalRow } from '../loop/proposals.ts';
import type { MessageRow } from '../messages/inbox.ts';
import type { ServiceContext } from '../shared/context.ts';

export interface SendConcernInput {
  concernId: string;
  /** The DFMEA row: a failure mode (the concern becomes a missing cause under it) or a cause (a control or a raised rating). */
  targetRowId: string;
  kind?: ProposalKind;
  /** Default: the cause the concern suggests, else the concern itself. */
  description?: string | null;
  /** Default: the part, the concern and its influence. */
  rationale?: string | null;
  occurrence?: number | null;
  detection?: number | null;
  controlKind?: ProposalControlKind | null;
}

/** A line for the proposal's description (200 characters): longer texts are cut with an ellipsis, the whole concern stays in the rationale. */
const line = (value: string) => (Array.from(value).length > 200 ? `${Array.from(value).slice(0, 199).join('')}…` : value);

/**
 * Sends a concern to a DFMEA (issue 25): a closed-loop proposal (docs/domain/closed-loop.md) whose source is the
 * DRBFM and whose source item is the concern, so the DFMEA's responsible person accepts or rejects it as 8D and
 * EWO proposals, and both sides show the trace. Who may send is the loop's rule: the DRBFM's team, able to open
 * the DFMEA. A mode as target proposes the concern's cause as a missing cause (addCause) unless another kind is named.
 */
export async function sendConcernToFmea(ctx: ServiceContext, drbfmProjectId: string, input: SendConcernInput, outbox?: MessageRow[]): Promise<ProposalRow> {
  const row = await ctx.db
    .select({ concern: drbfmConcern, part: drbfmPart.name })
    .from(drbfmConcern)
    .innerJoin(drbfmPart, eq(drbfmPart.id, drbfmConcern.partId))
    .where(eq(drbfmConcern.id, input.concernId))
    .get();
  if (!row || row.concern.projectId !== drbfmProjectId) throw new InvalidInputError('drbfm.row_not_found', { field: 'concernId' }, [{ messageKey: 'drbfm.row_not_found', field: 'concernId', params: { field: 'concernId' } }]);
  const c = row.concern;
  return proposeChange(
    ctx,
    {
      sourceKind: 'drbfm',
      sourceId: drbfmProjectId,
      sourceItemId: c.id,
      targetRowId: input.targetRowId,
      kind: input.kind ?? 'addCause',
      description: input.description?.trim() || line(c.cause ?? c.concern),
      rationale: input.rationale?.trim() || [`${row.part}: ${c.concern}`, c.influence].filter(Boolean).join('\n'),
      occurrence: input.occurrence ?? null,
      detection: input.detection ?? null,
      controlKind: input.controlKind ?? null,
    },
    outbox,
  );
}

/**
 * The failure modes, then the causes, of an FMEA the caller may open (each in the order of their elements): what a concern may be sent to
 * (the send dialog's choice after the project). Effects are left out: a proposal changes a mode or a cause.
 */
export async function concernTargets(ctx: ServiceContext, projectId: string, search?: string | null) {
  const { project } = await openableProject(ctx.db, ctx.actor, projectId, ctx.now());
  const rows = await ctx.db
    .select({ id: fmeaFailure.id, kind: fmeaFailure.kind, text: fmeaFailure.description, node: fmeaNode.name, occurrence: fmeaFailure.occurrence, detection: fmeaFailure.detection })
    .from(fmeaFailure)
    .innerJoin(fmeaFunction, eq(fmeaFunction.id, fmeaFailure.functionId))
    .innerJoin(fmeaNode, eq(fmeaNode.id, fmeaFunction.nodeId))
    .where(and(eq(fmeaFailure.projectId, project.id), inArray(fmeaFailure.kind, ['FM', 'FC']), search?.trim() ? or(contains(fmeaFailure.description, search.trim()), contains(fmeaNode.name, search.trim())) : undefined))
    .orderBy(desc(fmeaFailure.kind), asc(fmeaNode.sort), asc(fmeaFailure.sort))
    .limit(200);
  return rows.map((r) => ({ ...r, kind: r.kind as 'FM' | 'FC' }));
}
