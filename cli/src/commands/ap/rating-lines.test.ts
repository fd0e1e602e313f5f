import { describe, expect, it } from 'vitest';
import { InvalidInputError } from '@fmea/core/errors';
import { parseRatingFlags, parseRatingLines } from './rating-lines.ts';

const failureOf = (text: string): InvalidInputError => {
  try {
    parseRatingLines(text);
  } catch (error) {
    if (error instanceof InvalidInputError) return error;
    throw error;
  }
  throw new Error('expected an InvalidInputError');
};

describe('parseRatingLines', () => {
  it('accepts commas, semicolons, spaces and tabs, and skips blank lines and # comments', () => {
    const text = '# S,O,D\n9,6,5\n\n  1 1 1  \n2;3;4\r\n10\t10\t10\n5, 5 ,5\n';
    expect(parseRatingLines(text)).toEqual([
      { line: 2, s: 9, o: 6, d: 5 },
      { line: 4, s: 1, o: 1, d: 1 },
      { line: 5, s: 2, o: 3, d: 4 },
      { line: 6, s: 10, o: 10, d: 10 },
      { line: 7, s: 5, o: 5, d: 5 },
    ]);
  });

  it('gives no ratings for empty input', () => {
    expect(parseRatingLines('')).toEqual([]);
  });

  it('reports every bad line by its line number before evaluating anything', () => {
    const error = failureOf('9,6,5\n0,1,1\n1,2\n1,1,x\n3,3,3\n1.5,2,11\n');
    expect(error.messageKey).toBe('cli.ap.eval.invalid_lines');
    expect(error.params).toEqual({ count: 4 });
    expect(error.issues).toEqual([
      { messageKey: 'ap.rating_out_of_range', params: { field: 'S', value: 0 }, field: 'S', row: 2 },
      { messageKey: 'cli.ap.eval.bad_line_format', params: { line: '1,2' }, row: 3 },
      { messageKey: 'ap.rating_out_of_range', params: { field: 'D', value: 'x' }, field: 'D', row: 4 },
      { messageKey: 'ap.rating_out_of_range', params: { field: 'S', value: '1.5' }, field: 'S', row: 6 },
      { messageKey: 'ap.rating_out_of_range', params: { field: 'D', value: 11 }, field: 'D', row: 6 },
    ]);
  });
});

describe('parseRatingFlags', () => {
  it('turns flag text into ratings', () => {
    expect(parseRatingFlags('9', '6', '05')).toEqual({ s: 9, o: 6, d: 5 });
  });

  it('refuses the first rating outside 1..10', () => {
    expect(() => parseRatingFlags('9', '0', '11')).toThrow(
      expect.objectContaining({ messageKey: 'ap.rating_out_of_range', params: { field: 'O', value: 0 } }),
    );
  });
});
