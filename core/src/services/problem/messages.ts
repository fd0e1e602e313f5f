/**
 * Every message key the problem services emit (issue 24): the catalog test reads this list, and
 * `ProblemMessageKey` keeps the code from emitting a key that is not in it.
 */
export const PROBLEM_MESSAGE_KEYS = [
  'problem.not_found',
  'problem.stale',
  'problem.invalid',
  'problem.user_not_found',
  'problem.step_unknown',
  'problem.cause_unknown',
  'problem.team_one_leader',
  'problem.approver_invalid',
  'problem.approver_required',
  'problem.approver_self',
  'problem.approver_not_permitted',
  'problem.not_the_approver',
  'problem.withdraw_not_submitter',
  'problem.lesson_not_closed',
  'problem.lesson_already_pushed',
  'problem.import_empty',
  'problem.import_invalid',
  'problem.import_unmapped',
  'problem.import_bad_date',
  'problem.import_unknown_user',
  'problem.export_file',
  'problem.report_file',
] as const;

export type ProblemMessageKey = (typeof PROBLEM_MESSAGE_KEYS)[number];
