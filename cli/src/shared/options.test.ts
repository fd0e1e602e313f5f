import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createOutput } from '../ui/index.ts';
import { captureIo } from '../test-utils.ts';
import { parseCount, parseList, readFirstLine } from './options.ts';
import { progressCallback } from './progress.ts';

describe('option values', () => {
  it('parses counts, refusing fractions, signs and words with a usage error', () => {
    expect(parseCount('20', '--limit')).toBe(20);
    expect(parseCount(undefined, '--limit')).toBeUndefined();
    expect(parseCount('0', '--licences', 0)).toBe(0);
    for (const bad of ['0', '-1', '1.5', 'ten', '']) {
      expect(() => parseCount(bad, '--limit')).toThrow(expect.objectContaining({ name: 'UsageError', messageKey: 'cli.option.not_positive' }));
    }
    expect(() => parseCount('-1', '--licences', 0)).toThrow(expect.objectContaining({ messageKey: 'cli.option.not_count' }));
  });

  it('splits lists on commas, full-width ones too', () => {
    expect(parseList('add, edit，del,,')).toEqual(['add', 'edit', 'del']);
    expect(parseList(undefined)).toEqual([]);
  });

  it('reads the first line of stdin, without waiting for more, and refuses an empty one', async () => {
    const stdin = new PassThrough();
    const line = readFirstLine(stdin);
    stdin.write('Secret#1\r\nsecond');
    expect(await line).toBe('Secret#1');
    const empty = new PassThrough();
    empty.end('');
    await expect(readFirstLine(empty)).rejects.toMatchObject({ messageKey: 'cli.option.password_stdin_empty' });
  });
});

describe('progressCallback', () => {
  it("turns core's (done, total) callbacks into one progress bar, started on the first call", async () => {
    const { io, stderr } = captureIo();
    const progress = progressCallback(createOutput('plain', io, 'en-US'), 'Importing');
    await progress.done(); // nothing started: nothing printed
    expect(stderr()).toBe('');
    for (let done = 1; done <= 4; done++) progress.onProgress(done, 4);
    await progress.done();
    expect(stderr()).toBe('Importing 25%\nImporting 50%\nImporting 75%\nImporting 100%\n');
  });
});
