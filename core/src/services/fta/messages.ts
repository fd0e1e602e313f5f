import { FTA_DOCUMENT_ISSUES } from '../../domain/fta/index.ts';
import type { FaultTreeProblem } from '../../domain/fta/index.ts';

/**
 * Every message key the FTA services emit (issue 23): the catalog test reads this list, and
 * `FtaMessageKey` keeps the code from emitting a key that is not in it. A model the reader refuses is
 * `fta.model_<reason>`; a document's problem `fta.document.<code>`.
 */
export const FTA_MESSAGE_KEYS = [
  'fta.tree_not_found',
  'fta.tree_stale',
  'fta.tree_invalid',
  'fta.document_invalid',
  'fta.name_required',
  'fta.name_too_long',
  'fta.mission_time_invalid',
  'fta.cutoff_invalid',
  'fta.file_not_xml',
  'fta.project_member_required',
  'fta.failure_not_found',
  'fta.generate_not_effect',
  'fta.generate_no_modes',
  'fta.approver_invalid',
  'fta.approver_required',
  'fta.approver_self',
  'fta.approver_not_permitted',
  'fta.not_the_approver',
  'fta.revoke_not_creator',
  'fta.release_not_found',
] as const;

export type FtaMessageKey = (typeof FTA_MESSAGE_KEYS)[number];

const MODEL_PROBLEMS: readonly FaultTreeProblem[] = ['format', 'cycle', 'undefined', 'top', 'probability', 'gate'];

/** Every key, the model and document families included. */
export const ALL_FTA_MESSAGE_KEYS: readonly string[] = [...FTA_MESSAGE_KEYS, ...MODEL_PROBLEMS.map((p) => `fta.model_${p}`), ...FTA_DOCUMENT_ISSUES.map((c) => `fta.document.${c}`)];
