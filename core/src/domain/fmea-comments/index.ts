/**
 * Comments on FMEA rows and the change history of a row (issue #14 "Comments
 * on any FMEA row … with mentions", "the change history per item";
 * docs/domain/fmea-communication.md). Pure: vocabulary, the mention reader,
 * the step a row lives on, and the field-by-field difference of two logged rows.
 */

/** The rows of the FMEA engine's analysis, which every FMEA project holds. */
export const ANALYSIS_ROW_KINDS = ['node', 'function', 'characteristic', 'failure', 'failureLink', 'control', 'action', 'interface'] as const;

/**
 * Every row kind a comment (and a history) can be about: the analysis rows,
 * and a PFMEA's control plan lines. The stored column's vocabulary; which
 * kinds a project takes is what the area opening it contributes
 * (`contributes.commentTargets`, `commentTargetsOf`).
 */
export const COMMENT_TARGET_KINDS = [...ANALYSIS_ROW_KINDS, 'controlPlanLine'] as const;
export type CommentTargetKind = (typeof COMMENT_TARGET_KINDS)[number];

/** Spec 001 §5: text fields hold 200 characters; review comments and replies are not empty. */
export const COMMENT_BODY_MAX = 200;

/** The operation-log record type of each target kind (core/src/domain/oplog). */
export const COMMENT_TARGET_ENTITIES: Readonly<Record<CommentTargetKind, string>> = {
  node: 'fmea_node',
  function: 'fmea_function',
  characteristic: 'fmea_characteristic',
  failure: 'fmea_failure',
  failureLink: 'fmea_failure_link',
  control: 'fmea_control',
  action: 'fmea_action',
  interface: 'fmea_interface',
  controlPlanLine: 'control_plan_line',
};

/**
 * The project step (the workbench's tab key, which the project page takes as
 * rightType) where a row of this kind is shown: a comment's message opens it.
 */
export const COMMENT_TARGET_STEPS: Readonly<Record<CommentTargetKind, string>> = {
  node: 'structure',
  function: 'function',
  characteristic: 'function',
  failure: 'failure',
  failureLink: 'failure',
  control: 'risk',
  action: 'optimization',
  interface: 'interfaces',
  controlPlanLine: 'controlPlan',
};

/**
 * Characters that end a mention: white space, @ and the usual punctuation
 * (Latin and CJK). A dot does not (user names such as li.engineer hold one);
 * dots at its end do (the end of a sentence).
 */
const MENTION = /@([^\s@,，;；:：。!！?？()（）]+)/gu;

/**
 * The user names a comment mentions (`@name`), each once, in order. The
 * workbench's autocomplete writes `@userName`; a real name without spaces
 * works as well (the service resolves both).
 */
export function mentionedNames(body: string): string[] {
  const names: string[] = [];
  for (const match of body.matchAll(MENTION)) {
    const name = match[1]!.replace(/\.+$/, '');
    if (name && !names.includes(name)) names.push(name);
  }
  return names;
}

/** Columns that change with every write and say nothing a reader looks for in a history. */
// a control plan line's plan and its basis (the PFMEA's values it was reviewed against, as JSON) are no field a reader changed
const BOOKKEEPING = new Set(['id', 'projectId', 'version', 'createdAt', 'updatedAt', 'createdBy', 'updatedBy', 'sort', 'planId', 'basis']);

export interface FieldChange {
  readonly field: string;
  readonly before: unknown;
  readonly after: unknown;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * The fields that differ between a logged row before and after a write (the
 * operation log keeps whole rows), bookkeeping columns left out. A create
 * lists the fields it set, a delete the fields it removed (the other side null).
 */
export function fieldChanges(before: unknown, after: unknown): FieldChange[] {
  const b = (before && typeof before === 'object' ? before : {}) as Record<string, unknown>;
  const a = (after && typeof after === 'object' ? after : {}) as Record<string, unknown>;
  const fields = [...new Set([...Object.keys(b), ...Object.keys(a)])].filter((f) => !BOOKKEEPING.has(f));
  return fields.filter((f) => !same(b[f], a[f])).map((field) => ({ field, before: b[field] ?? null, after: a[field] ?? null }));
}
