import { describe, expect, it } from 'vitest';
import {
  ConflictError,
  InvalidInputError,
  InvalidTransitionError,
  NotAllowedError,
  NotFoundError,
  UnauthenticatedError,
  type DomainError,
} from '@fmea/core/errors';
import type { ApRuleSource } from './commands/index.ts';
import { runCli } from './run.ts';
import { captureIo } from './test-utils.ts';

const evalArgs = ['ap', 'eval', '--s', '1', '--o', '1', '--d', '1'];
const failingWith = (error: unknown): ApRuleSource => async () => {
  throw error;
};

describe('runCli (in process)', () => {
  it.each<[string, DomainError, number]>([
    ['invalid_input', new InvalidInputError('error.invalid_input'), 2],
    ['not_found', new NotFoundError(), 3],
    ['not_allowed', new NotAllowedError(), 4],
    ['conflict', new ConflictError('error.not_found'), 5],
    ['invalid_transition', new InvalidTransitionError('error.not_found'), 6],
    ['unauthenticated', new UnauthenticatedError(), 7],
  ])('exits by DomainError code: %s → %i', async (_code, error, exitCode) => {
    const { io, stdout } = captureIo();
    expect(await runCli(evalArgs, { io, deps: { apRuleSource: failingWith(error) } })).toBe(exitCode);
    expect(stdout()).toBe('');
  });

  it('prints a DomainError translated, with its issues one per line', async () => {
    const { io, stderr } = captureIo({ env: { FMEA_LANG: 'en-US' } });
    const error = new InvalidInputError('error.invalid_input', {}, [
      { messageKey: 'error.not_found', row: 3 },
      { messageKey: 'error.not_allowed' },
    ]);
    expect(await runCli(evalArgs, { io, deps: { apRuleSource: failingWith(error) } })).toBe(2);
    expect(stderr()).toBe('Form validation failed\n  Row 3: The data does not exist\n  You do not have permission to do this\n');
  });

  it('lists at most 20 issues in text and all of them in JSON', async () => {
    const issues = Array.from({ length: 25 }, (_, i) => ({ messageKey: 'error.not_found', row: i + 1 }));
    const error = new InvalidInputError('error.invalid_input', {}, issues);
    const text = captureIo({ env: { FMEA_LANG: 'en-US' } });
    await runCli(evalArgs, { io: text.io, deps: { apRuleSource: failingWith(error) } });
    const lines = text.stderr().trimEnd().split('\n');
    expect(lines).toHaveLength(22);
    expect(lines.at(-1)).toBe('  … and 5 more');
    const json = captureIo({ env: { FMEA_LANG: 'en-US' } });
    await runCli(['--json', ...evalArgs], { io: json.io, deps: { apRuleSource: failingWith(error) } });
    expect(JSON.parse(json.stdout()).error.issues).toHaveLength(25);
  });

  it('prints a short translated system error for anything else, exit 1, no stack', async () => {
    const { io, stdout, stderr } = captureIo();
    const code = await runCli(evalArgs, { io, deps: { apRuleSource: failingWith(new TypeError('boom')) } });
    expect(code).toBe(1);
    expect(stdout()).toBe('');
    expect(stderr()).toBe('系统错误（设置 FMEA_DEBUG=1 查看详情）\n');
  });

  it('adds the stack with FMEA_DEBUG=1, on stderr even with --json', async () => {
    const { io, stdout, stderr } = captureIo({ env: { FMEA_DEBUG: '1', FMEA_LANG: 'en-US' } });
    const code = await runCli(['--json', ...evalArgs], { io, deps: { apRuleSource: failingWith(new TypeError('boom')) } });
    expect(code).toBe(1);
    expect(JSON.parse(stdout())).toEqual({
      ok: false,
      error: { code: 'system', message: 'System error (set FMEA_DEBUG=1 to see details)', issues: [] },
    });
    expect(stderr()).toContain('TypeError: boom');
  });

  it('uses the injected AP rule source', async () => {
    const { io, stdout } = captureIo();
    const everythingHigh: ApRuleSource = async () => () => 'H';
    expect(await runCli(evalArgs, { io, deps: { apRuleSource: everythingHigh } })).toBe(0);
    expect(stdout()).toBe('H\n');
  });

  it('runs cleanups registered on the context, once, after the command', async () => {
    const { io } = captureIo();
    const calls: string[] = [];
    const source: ApRuleSource = async (_table, context) => {
      context.onClose(() => void calls.push('closed'));
      calls.push('evaluated');
      return () => 'L';
    };
    expect(await runCli(evalArgs, { io, deps: { apRuleSource: source } })).toBe(0);
    expect(calls).toEqual(['evaluated', 'closed']);
  });
});
