export { STATUS_MESSAGE_KEYS } from './messages.ts';
export { defineMachine, type Machine, type MachineDefinition } from './machine.ts';
export {
  KNOWLEDGE_STATUS,
  KNOWLEDGE_STATUS_KEYS,
  assertKnowledgeEditable,
  knowledgeMachine,
  type KnowledgeEvent,
  type KnowledgeStatus,
} from './knowledge.ts';
export {
  TASK_STATUS,
  TASK_STATUS_FILTER,
  TASK_STATUS_KEYS,
  taskMachine,
  type TaskEvent,
  type TaskStatus,
} from './task.ts';
export {
  RELEASE_CONDITIONS,
  REVIEW_OPINION_MAX_LENGTH,
  REVIEW_REFUSAL_KEYS,
  REVIEW_STAGE_KEYS,
  createReview,
  pendingDeciders,
  reviewReducer,
  type DecisionStage,
  type ReleaseCondition,
  type ReviewAction,
  type ReviewContext,
  type ReviewDecision,
  type ReviewStage,
  type ReviewState,
} from './review.ts';
export {
  PROBLEM_CLOSURE_WAIT_DAYS,
  PROBLEM_REFUSAL_KEYS,
  PROBLEM_STEPS,
  PROBLEM_STEP_KEYS,
  availableSteps,
  closureAllowedAt,
  completeStep,
  isProblemClosed,
  isProblemStep,
  prerequisites,
  type ProblemProgress,
  type ProblemStep,
} from './problem.ts';
export { EDIT_FLAG, LOCK_FLAG, editFlagMachine, lockMachine, mustConfirmLeave } from './flags.ts';
