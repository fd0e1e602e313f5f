import { InvalidInputError } from '@fmea/core/errors';
import { PROBLEM_STATUSES, type ProblemStatus } from '@fmea/core/domain';

/** `--status open,closed`: each one of the problem statuses, or refused naming them. */
export function statusesOf(value: string | undefined): ProblemStatus[] | undefined {
  if (value === undefined) return undefined;
  const parts = value.split(',').map((s) => s.trim()).filter(Boolean);
  const bad = parts.find((s) => !(PROBLEM_STATUSES as readonly string[]).includes(s));
  if (bad !== undefined || parts.length === 0) throw new InvalidInputError('cli.problem.status_invalid', { value, statuses: PROBLEM_STATUSES.join(', ') });
  return parts as ProblemStatus[];
}
