import { atCodes, byCode, defineMachine, stateByCode } from './machine.ts';

/** The states of a task (spec 001 §4), by name: what the flow is written in. */
export const TASK_STATES = ['notStarted', 'inProgress', 'inReview', 'completed', 'pending', 'cancelled', 'rejected', 'withdrawn'] as const;
export type TaskState = (typeof TASK_STATES)[number];

/** The spec's code of each state: what the database stores and the API answers. */
export const TASK_STATUS = {
  notStarted: '0',
  inProgress: '1',
  inReview: '2',
  completed: '3',
  pending: '4',
  cancelled: '5',
  rejected: '6',
  withdrawn: '7',
} as const satisfies Record<TaskState, string>;

/** A task status as stored: the spec's code. */
export type TaskStatus = (typeof TASK_STATUS)[TaskState];

const TASK_STATE_KEYS = {
  notStarted: 'status.task.state.not_started',
  inProgress: 'status.task.state.in_progress',
  inReview: 'status.task.state.in_review',
  completed: 'status.task.state.completed',
  pending: 'status.task.state.pending',
  cancelled: 'status.task.state.cancelled',
  rejected: 'status.task.state.rejected',
  withdrawn: 'status.task.state.withdrawn',
} as const satisfies Record<TaskState, string>;

/** The message key naming each status, by its code. */
export const TASK_STATUS_KEYS = byCode(TASK_STATE_KEYS, TASK_STATUS);

/** The only statuses the task search filter offers (spec 001 §4). */
export const TASK_STATUS_FILTER = [TASK_STATUS.notStarted, TASK_STATUS.inProgress, TASK_STATUS.completed, TASK_STATUS.cancelled] as const satisfies readonly TaskStatus[];

const TERMINAL = 'status.task.terminal';

/**
 * The spec shows no task transitions; these are ours (docs/domain/status-flows.md). Completed and cancelled are
 * terminal. `complete` finishes a task with no review: one its handler launched, or one whose FMEA node's
 * analysis was completed (docs/domain/programs-tasks.md).
 */
const TASK_FLOW = {
  name: 'task',
  states: TASK_STATES,
  transitions: {
    notStarted: { start: 'inProgress', cancel: 'cancelled' },
    inProgress: { submit: 'inReview', complete: 'completed', hold: 'pending', cancel: 'cancelled' },
    inReview: { approve: 'completed', reject: 'rejected', withdraw: 'withdrawn' },
    pending: { resume: 'inProgress', cancel: 'cancelled' },
    rejected: { rework: 'inProgress', cancel: 'cancelled' },
    withdrawn: { restart: 'inProgress', cancel: 'cancelled' },
  },
  refusals: { completed: TERMINAL, cancelled: TERMINAL },
} as const;

/** The flow by state name. */
export const taskFlow = defineMachine(TASK_FLOW);

/** The same flow at the spec's codes, for a status read from a row or a request. */
export const taskMachine = defineMachine(atCodes(TASK_FLOW, TASK_STATUS));

/** The state a stored code names, or undefined for a code the spec does not define. */
export const taskStateOf = stateByCode(TASK_STATUS);

export type TaskEvent = (typeof taskMachine.allEvents)[number];
