import { defineMachine } from './machine.ts';

/** Task status (spec 001 §4), stored as a string code. */
export const TASK_STATUS = {
  notStarted: '0',
  inProgress: '1',
  inReview: '2',
  completed: '3',
  pending: '4',
  cancelled: '5',
  rejected: '6',
  withdrawn: '7',
} as const;

export type TaskStatus = (typeof TASK_STATUS)[keyof typeof TASK_STATUS];

export const TASK_STATUS_KEYS = {
  '0': 'status.task.state.not_started',
  '1': 'status.task.state.in_progress',
  '2': 'status.task.state.in_review',
  '3': 'status.task.state.completed',
  '4': 'status.task.state.pending',
  '5': 'status.task.state.cancelled',
  '6': 'status.task.state.rejected',
  '7': 'status.task.state.withdrawn',
} as const satisfies Record<TaskStatus, string>;

/** The only statuses the task search filter offers (spec 001 §4). */
export const TASK_STATUS_FILTER = ['0', '1', '3', '5'] as const satisfies readonly TaskStatus[];

const TERMINAL = 'status.task.terminal';

/** The spec shows no task transitions; these are ours (docs/domain/status-flows.md). 3 and 5 are terminal. */
export const taskMachine = defineMachine({
  name: 'task',
  states: ['0', '1', '2', '3', '4', '5', '6', '7'],
  transitions: {
    '0': { start: '1', cancel: '5' },
    '1': { submit: '2', hold: '4', cancel: '5' },
    '2': { approve: '3', reject: '6', withdraw: '7' },
    '4': { resume: '1', cancel: '5' },
    '6': { rework: '1', cancel: '5' },
    '7': { restart: '1', cancel: '5' },
  },
  refusals: { '3': TERMINAL, '5': TERMINAL },
});

export type TaskEvent = (typeof taskMachine.allEvents)[number];
