import { editFlagMachine, lockMachine } from './flags.ts';
import { KNOWLEDGE_STATUS_KEYS, knowledgeMachine } from './knowledge.ts';
import { OPINION_REFUSAL_KEYS } from './approval.ts';
import { FMEA_REVIEW_CONCLUSION_KEYS, FMEA_REVIEW_REFUSAL_KEYS, FMEA_REVIEW_ROLE_KEYS, FMEA_REVIEW_STATUS_KEYS } from './fmea-review.ts';
import { FMEA_REVIEW_WALK_REFUSAL_KEYS } from './fmea-review-walk.ts';
import { TASK_STATUS_KEYS, taskMachine } from './task.ts';
import { FTA_STATUS_KEYS } from './fta.ts';
import { EWO_FLOW_KEYS } from '../ewo/flow.ts';
import { PROBLEM_CLOSURE_KEYS } from '../problem/closure.ts';
import { PROBLEM_FLOW_KEYS } from '../problem/flow.ts';

/** Every message key the status flows can throw or name; the catalog test reads it. */
export const STATUS_MESSAGE_KEYS: readonly string[] = [
  ...knowledgeMachine.messageKeys,
  ...taskMachine.messageKeys,
  ...lockMachine.messageKeys,
  ...editFlagMachine.messageKeys,
  ...OPINION_REFUSAL_KEYS,
  ...Object.values(KNOWLEDGE_STATUS_KEYS),
  ...Object.values(TASK_STATUS_KEYS),
  ...FMEA_REVIEW_REFUSAL_KEYS,
  ...FMEA_REVIEW_WALK_REFUSAL_KEYS,
  ...Object.values(FMEA_REVIEW_STATUS_KEYS),
  ...Object.values(FMEA_REVIEW_ROLE_KEYS),
  ...Object.values(FMEA_REVIEW_CONCLUSION_KEYS),
  ...FTA_STATUS_KEYS,
  // the EWO flow's (core/src/domain/ewo/flow.ts): its default refusal is a status key
  ...EWO_FLOW_KEYS,
  // the 8D's machines and closing (core/src/domain/problem)
  ...PROBLEM_FLOW_KEYS,
  ...PROBLEM_CLOSURE_KEYS,
];
