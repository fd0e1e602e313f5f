/**
 * Batch input of `ap eval --stdin`: one "S,O,D" per line. Commas, semicolons,
 * spaces and tabs all separate; blank lines and `#` comments are skipped.
 * Every line is checked before anything is evaluated.
 */
import { InvalidInputError, isDomainError, type Issue } from '@fmea/core/errors';
import { assertRating, type Ratings } from '@fmea/core/domain';

export interface RatingLine extends Ratings {
  /** 1-based line number in the input. */
  readonly line: number;
}

/** The rating labels used in messages ("S must be a whole number from 1 to 10"). */
export const RATING_FIELDS = ['S', 'O', 'D'] as const;

/** An integer-looking token becomes a number; anything else stays text so assertRating names it. */
export function toRating(token: string): unknown {
  return /^[+-]?\d+$/.test(token.trim()) ? Number(token) : token;
}

/** Checks one rating, returning the issue instead of throwing. */
function checkRating(token: string, field: string, line?: number): number | Issue {
  try {
    return assertRating(toRating(token), field);
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return { messageKey: error.messageKey, params: error.params, field, ...(line !== undefined && { row: line }) };
  }
}

/** The ratings of one set of flags; throws the first invalid one. */
export function parseRatingFlags(s: string, o: string, d: string): Ratings {
  const values = [s, o, d].map((token, i) => {
    const field = RATING_FIELDS[i]!;
    return assertRating(toRating(token), field);
  });
  return { s: values[0]!, o: values[1]!, d: values[2]! };
}

/**
 * All rating lines of `text`, or an InvalidInputError listing every bad line
 * (`row` = line number) when any is wrong.
 */
export function parseRatingLines(text: string): RatingLine[] {
  const ratings: RatingLine[] = [];
  const issues: Issue[] = [];
  const badLines = new Set<number>();
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i]!.trim();
    if (raw === '' || raw.startsWith('#')) continue;
    const line = i + 1;
    const tokens = raw.split(/[\s,;]+/).filter((token) => token !== '');
    if (tokens.length !== 3) {
      badLines.add(line);
      issues.push({ messageKey: 'cli.ap.eval.bad_line_format', params: { line: clip(raw) }, row: line });
      continue;
    }
    const checked = tokens.map((token, k) => checkRating(token, RATING_FIELDS[k]!, line));
    const found = checked.filter((value): value is Issue => typeof value !== 'number');
    if (found.length > 0) {
      badLines.add(line);
      issues.push(...found);
      continue;
    }
    ratings.push({ line, s: checked[0] as number, o: checked[1] as number, d: checked[2] as number });
  }
  if (issues.length > 0) throw new InvalidInputError('cli.ap.eval.invalid_lines', { count: badLines.size }, issues);
  return ratings;
}

function clip(text: string, max = 40): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}
