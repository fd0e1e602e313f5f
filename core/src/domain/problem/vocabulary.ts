/**
 * The words of problem handling, 8D (issue 24; docs/domain/problems-8d.md): stored as these names, in the
 * database and the API alike. Spec 001 §3 names a problem's fields and §4 its steps; the values of type,
 * source, the step names of D0 and 7A/7B, the 6M categories and the action kinds are our reading of the VDA
 * 8D volume and customers' 8D forms (the spec gives no codes for them).
 */

/** The disciplines in order; 7A and 7B run side by side, D8 waits for both. */
export const PROBLEM_STEPS = ['D0', 'D1', 'D2', 'D3', 'D4', 'D5', 'D6', 'D7A', 'D7B', 'D8'] as const;
export type ProblemStep = (typeof PROBLEM_STEPS)[number];

/** A step's state (its own machine: `problemStepFlow`). */
export const PROBLEM_STEP_STATES = ['notStarted', 'inProgress', 'done'] as const;
export type ProblemStepState = (typeof PROBLEM_STEP_STATES)[number];

/** A problem's state (`problemFlow`): worked, its 8D report under review, released, closed. */
export const PROBLEM_STATUSES = ['open', 'underReview', 'released', 'closed'] as const;
export type ProblemStatus = (typeof PROBLEM_STATUSES)[number];

/** Spec 001 §3 "experience problem types", the kinds of problem an 8D is run on. */
export const PROBLEM_TYPES = ['designProblem', 'produceProblem', 'equipmentProblem'] as const;
export type ProblemType = (typeof PROBLEM_TYPES)[number];

/** Where the problem was found. */
export const PROBLEM_SOURCES = ['customerComplaint', 'field', 'production', 'incomingInspection', 'audit', 'test', 'other'] as const;
export type ProblemSource = (typeof PROBLEM_SOURCES)[number];

/** The team's roles (D1): the champion sponsors, the leader runs the 8D, members work it. */
export const PROBLEM_MEMBER_ROLES = ['champion', 'leader', 'member'] as const;
export type ProblemMemberRole = (typeof PROBLEM_MEMBER_ROLES)[number];

/** Is / is-not dimensions of the problem description (D2). */
export const IS_NOT_DIMENSIONS = ['what', 'where', 'when', 'howMany'] as const;
export type IsNotDimension = (typeof IS_NOT_DIMENSIONS)[number];

/** The two questions of D4: why the problem occurred, and why it was not detected (escaped). */
export const CAUSE_TRACKS = ['occurrence', 'detection'] as const;
export type CauseTrack = (typeof CAUSE_TRACKS)[number];

/** The Ishikawa board's 6M bones. */
export const ISHIKAWA_CATEGORIES = ['man', 'machine', 'material', 'method', 'measurement', 'environment'] as const;
export type IshikawaCategory = (typeof ISHIKAWA_CATEGORIES)[number];

/**
 * Actions, by the step that owns them: emergency response (D0), containment (D3), permanent corrective (D5),
 * verification of their effect (D6), prevent recurrence (D7A: systems, FMEA, control plan; D7B: read across
 * to similar products and processes).
 */
export const PROBLEM_ACTION_KINDS = ['emergency', 'containment', 'corrective', 'verification', 'preventive', 'readAcross'] as const;
export type ProblemActionKind = (typeof PROBLEM_ACTION_KINDS)[number];

export const PROBLEM_ACTION_STATUSES = ['open', 'done'] as const;
export type ProblemActionStatus = (typeof PROBLEM_ACTION_STATUSES)[number];

/** The step each action kind belongs to. */
export const ACTION_STEP: Readonly<Record<ProblemActionKind, ProblemStep>> = {
  emergency: 'D0',
  containment: 'D3',
  corrective: 'D5',
  verification: 'D6',
  preventive: 'D7A',
  readAcross: 'D7B',
};
