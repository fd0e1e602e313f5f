import { NotAllowedError } from '../../errors.ts';
import { isRecordCreator, type Actor, type RecordCreator } from './actor.ts';
import type { PermissionMessageKey } from './messages.ts';
import { switchOn } from '../rules/read.ts';

/** Route area → the data-creator rule flag that governs it (spec 000 §5 "Rule flags"). */
export const DATA_CREATOR_RULES = {
  program: 'xmcjzRule',
  knowledge: 'zskcjzRule',
  masterData: 'zsjcjzRule',
} as const;

export type DataCreatorRule = (typeof DATA_CREATOR_RULES)[keyof typeof DATA_CREATOR_RULES];
export type RouteArea = keyof typeof DATA_CREATOR_RULES | 'other';
/** The data-creator flags as stored (read by `isCreatorRuleOn`). */
export type CreatorRules = Partial<Record<DataCreatorRule, string>>;

/** Button permissions the rules themselves read; other buttons are opaque strings. */
export const BUTTONS = { edit: 'edit', del: 'del', audit: 'audit' } as const;

export interface OperateInput {
  readonly actor: Actor;
  /** The button, e.g. 'edit', 'del', 'add', 'export'. */
  readonly action: string;
  /** The permission list of the current route. */
  readonly routePermissions: readonly string[];
  /** The row acted on; omit for toolbar-level checks. */
  readonly record?: RecordCreator | null;
  readonly area: RouteArea;
  readonly creatorRules: CreatorRules;
}

/** A button is granted when the route's permission list contains it (exact match). */
export function hasButtonPermission(routePermissions: readonly string[], button: string): boolean {
  return routePermissions.includes(button);
}

/** True when the area's data-creator rule flag is switched on. */
export function isCreatorRuleOn(area: RouteArea, creatorRules: CreatorRules): boolean {
  return area !== 'other' && switchOn(creatorRules, DATA_CREATOR_RULES[area]);
}

const CREATOR_BOUND_ACTIONS = { edit: 'permission.edit_not_creator', del: 'permission.del_not_creator' } as const;
const isCreatorBound = (action: string): action is keyof typeof CREATOR_BOUND_ACTIONS =>
  Object.hasOwn(CREATOR_BOUND_ACTIONS, action);

/**
 * Why the actor may not perform the action, or null when they may. The steps
 * follow spec 000/001 §6 (see docs/domain/permissions.md):
 * 1. admin may do everything;
 * 2. the button must be in the route's permission list;
 * 3. edit/del on a record with the area's creator rule on: creator only, audit does not help;
 * 4. edit/del on a record otherwise: audit holders or the creator.
 */
export function operationRefusal(input: OperateInput): PermissionMessageKey | null {
  const { actor, action, routePermissions, record, area, creatorRules } = input;
  if (actor.isAdmin) return null;
  if (!hasButtonPermission(routePermissions, action)) return 'permission.denied';
  if (!isCreatorBound(action) || record === undefined || record === null) return null;

  const creator = isRecordCreator(record, actor);
  if (isCreatorRuleOn(area, creatorRules)) return creator ? null : CREATOR_BOUND_ACTIONS[action];
  if (creator || hasButtonPermission(routePermissions, BUTTONS.audit)) return null;
  return CREATOR_BOUND_ACTIONS[action];
}

export function canOperate(input: OperateInput): boolean {
  return operationRefusal(input) === null;
}

/** Throws NotAllowedError with 'permission.denied' or, for edit/del on someone else's record, a specific key. */
export function assertCanOperate(input: OperateInput): void {
  const refusal = operationRefusal(input);
  if (refusal !== null) throw new NotAllowedError(refusal, { action: input.action });
}
