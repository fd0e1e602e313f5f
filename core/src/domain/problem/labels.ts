import {
  CAUSE_TRACKS,
  IS_NOT_DIMENSIONS,
  ISHIKAWA_CATEGORIES,
  PROBLEM_ACTION_KINDS,
  PROBLEM_ACTION_STATUSES,
  PROBLEM_MEMBER_ROLES,
  PROBLEM_SOURCES,
  PROBLEM_STATUSES,
  PROBLEM_STEP_STATES,
  PROBLEM_STEPS,
} from './vocabulary.ts';
import { PROBLEM_TYPES } from './vocabulary.ts';

/**
 * The message key naming each stored value (`problem_label.<group>.<value>`): what the 8D workbook, the CLI
 * and the import's column reading show and accept, in both languages.
 */
export const PROBLEM_LABEL_GROUPS = {
  type: PROBLEM_TYPES,
  source: PROBLEM_SOURCES,
  status: PROBLEM_STATUSES,
  step: PROBLEM_STEPS,
  stepState: PROBLEM_STEP_STATES,
  memberRole: PROBLEM_MEMBER_ROLES,
  dimension: IS_NOT_DIMENSIONS,
  track: CAUSE_TRACKS,
  category: ISHIKAWA_CATEGORIES,
  actionKind: PROBLEM_ACTION_KINDS,
  actionStatus: PROBLEM_ACTION_STATUSES,
} as const;
export type ProblemLabelGroup = keyof typeof PROBLEM_LABEL_GROUPS;

export const problemLabelKey = (group: ProblemLabelGroup, value: string): string => `problem_label.${group}.${value}`;

export const PROBLEM_LABEL_KEYS: readonly string[] = (Object.entries(PROBLEM_LABEL_GROUPS) as [ProblemLabelGroup, readonly string[]][]).flatMap(([group, values]) => values.map((value) => problemLabelKey(group, value)));
