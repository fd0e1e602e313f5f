import { NotAllowedError } from '../../errors.ts';
import { isRecordCreator, type Actor } from './actor.ts';
import type { PermissionMessageKey } from './messages.ts';

/**
 * Who may open, change or delete a problem (issue 24; docs/domain/problems-8d.md "Who may do what").
 * The route is the area's problem_index for internal problems and fawProblem_index for customer problems,
 * so a role is granted one, the other or both; buttons as everywhere (add, edit, del, import, export, audit).
 * - administrators may do everything;
 * - reading needs the record's route (any button) and the problem's site among the caller's sites
 *   (a problem without a site is every site's);
 * - adding, importing and exporting need the button;
 * - changing a problem (its fields, steps, team, analysis, actions, submitting its report) needs `edit` and
 *   being one of the people of the 8D: its creator, its responsible person, a team member or step owner
 *   (`memberIds`), or an `audit` holder (the quality manager who steers every 8D);
 * - deleting needs `del` and being its creator or an `audit` holder.
 * Every refusal is the spec's "insufficient authority to open, modify or delete a problem".
 */
export type ProblemAction = 'read' | 'add' | 'edit' | 'del' | 'import' | 'export' | 'audit';

export interface ProblemPeople {
  readonly creatorId: string | null;
  readonly creatorName: string | null;
  readonly responsibleId: string | null;
  readonly memberIds: readonly string[];
  readonly siteId: string | null;
}

export interface ProblemOperateInput {
  readonly actor: Actor;
  /** Buttons held on the problem's route; null when the route is not held. */
  readonly buttons: ReadonlySet<string> | null;
  /** The sites the caller belongs to. */
  readonly siteIds: readonly string[];
  readonly action: ProblemAction;
  /** The problem acted on; omit for toolbar-level checks (add, import, export, the list). */
  readonly problem?: ProblemPeople;
}

export const PROBLEM_DENIED = 'permission.problem_denied' satisfies PermissionMessageKey;

/** Whether the caller is one of the people of the 8D (creator, responsible person, team member). */
export const isProblemPerson = (actor: Actor, problem: ProblemPeople): boolean =>
  isRecordCreator(problem, actor) || (actor.userId !== '' && (problem.responsibleId === actor.userId || problem.memberIds.includes(actor.userId)));

/** True when the caller may take the action; `problemRefusal` below throws the spec's message otherwise. */
export function mayOperateProblem({ actor, buttons, siteIds, action, problem }: ProblemOperateInput): boolean {
  if (actor.isAdmin) return true;
  if (buttons === null) return false;
  if (problem && problem.siteId !== null && !siteIds.includes(problem.siteId)) return false;
  if (action === 'read') return true;
  if (!buttons.has(action)) return false;
  if (!problem) return true;
  if (action === 'edit') return isProblemPerson(actor, problem) || buttons.has('audit');
  if (action === 'del') return isRecordCreator(problem, actor) || buttons.has('audit');
  return true;
}

export function assertProblemOperate(input: ProblemOperateInput, params: { problem?: string } = {}): void {
  if (!mayOperateProblem(input)) throw new NotAllowedError(PROBLEM_DENIED, { action: input.action, problem: params.problem ?? '' });
}
