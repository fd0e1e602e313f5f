import { describe, expect, it } from 'vitest';
import { runFmea, runFmeaBinary } from './test-utils.ts';

describe('fmea help, version and usage errors', () => {
  // the real binary (smoke test): starts, prints help on its own stdout, exits 0
  it('prints root help in Chinese by default, exit 0', { timeout: 90_000 }, async () => {
    const { code, stdout, stderr } = await runFmeaBinary(['--help']);
    expect(code).toBe(0);
    expect(stderr).toBe('');
    expect(stdout).toContain('用法： fmea [options] [command]');
    expect(stdout).toContain('--db <url>');
    expect(stdout).toContain('--json');
    expect(stdout).toContain('--lang <locale>');
    expect(stdout).toMatch(/ap\s+措施优先级（AP）/);
  });

  it('prints help in English with --lang en-US or FMEA_LANG, also for subcommands', async () => {
    const root = await runFmea(['--lang', 'en-US', '--help']);
    expect(root.stdout).toContain('Usage: fmea [options] [command]');
    const sub = await runFmea(['ap', 'eval', '--help'], { env: { FMEA_LANG: 'en' } });
    expect(sub.code).toBe(0);
    expect(sub.stdout).toContain('Usage: fmea ap eval [options]');
    expect(sub.stdout).toContain('--s <n>');
    expect(sub.stdout).toContain('--stdin');
    expect(sub.stdout).toContain('Global Options:');
  });

  it('prints help for a command group and through `help <command>`', async () => {
    const group = await runFmea(['ap', '--help']);
    expect(group.code).toBe(0);
    expect(group.stdout).toMatch(/eval \[options\]\s+根据严重度/);
    const viaHelp = await runFmea(['help', 'ap']);
    expect(viaHelp.code).toBe(0);
    expect(viaHelp.stdout).toBe(group.stdout);
  });

  it('lists every command group, each with translated help of its own', { timeout: 90_000 }, async () => {
    const groups: Record<string, string[]> = {
      db: ['migrate', 'seed'],
      user: ['add', 'list', 'show', 'set-role', 'reset-password', 'lock', 'unlock', 'delete', 'import', 'export'],
      role: ['add', 'list', 'grant', 'revoke', 'delete'],
      site: ['add', 'list'],
      dept: ['add', 'list'],
      dict: ['list', 'import', 'export'],
      rules: ['list', 'set', 'ap'],
      number: ['next'],
      log: ['list'],
    };
    const root = await runFmea(['--lang', 'en-US', '--help']);
    for (const group of ['serve', ...Object.keys(groups), 'ap']) expect(root.stdout).toMatch(new RegExp(`^  ${group}\\b`, 'm'));
    const helps = await Promise.all(Object.keys(groups).map((group) => runFmea([group, '--help'])));
    Object.values(groups).forEach((commands, i) => {
      expect(helps[i]!.code).toBe(0);
      expect(helps[i]!.stdout).toContain('用法：');
      for (const command of commands) expect(helps[i]!.stdout).toMatch(new RegExp(`^  ${command}\\b`, 'm'));
    });
    const serve = await runFmea(['--lang', 'en-US', 'serve', '--help']);
    expect(serve.stdout).toMatch(/--port <n>\s+port \(default: \$PORT, else 3000\)/);
    const ap = await runFmea(['--lang', 'en-US', 'rules', 'ap', 'import', '--help']);
    expect(ap.stdout).toContain('--selection <types>');
  });

  it('prints its version', async () => {
    const { code, stdout } = await runFmea(['--version']);
    expect(code).toBe(0);
    expect(stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
  });

  // the tests run commands in-process (runFmea); this keeps that honest against the real process
  it('answers in-process exactly as the real binary does', { timeout: 90_000 }, async () => {
    const cases: [string[], Record<string, string>][] = [
      [['--lang', 'en-US', 'user', '--help'], {}],
      [['ap', 'eval', '--s', '0', '--o', '1', '--d', '1'], {}],
      [['--json', 'ap', 'eval', '--stdin', '--s', '1'], { FMEA_LANG: 'en' }],
    ];
    const spawned = await Promise.all(cases.map(([args, env]) => runFmeaBinary(args, { env })));
    for (const [i, [args, env]] of cases.entries()) expect(await runFmea(args, { env }), args.join(' ')).toEqual(spawned[i]);
    expect(spawned.map((r) => r.code)).toEqual([0, 2, 2]);
  });

  // the real binary (smoke test): a usage error sets the process's exit code
  it("refuses an unknown command or option with commander's message and exit 2", { timeout: 90_000 }, async () => {
    const command = await runFmeaBinary(['frobnicate']);
    expect(command.code).toBe(2);
    expect(command.stdout).toBe('');
    expect(command.stderr).toContain("unknown command 'frobnicate'");
    const option = await runFmea(['--lang', 'en', 'ap', 'eval', '--bogus']);
    expect(option.code).toBe(2);
    expect(option.stderr).toBe("unknown option '--bogus'\nRun with --help for usage.\n");
  });

  it('shows the help of a command group run without a subcommand, exit 2', async () => {
    const { code, stdout, stderr } = await runFmea(['ap']);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toContain('fmea ap [options] [command]');
  });

  it('reports usage errors as one JSON document with --json', async () => {
    // (a word no command resembles: commander adds "Did you mean …?" otherwise)
    const { code, stdout } = await runFmea(['--json', 'xyzzy']);
    expect(code).toBe(2);
    expect(JSON.parse(stdout)).toEqual({
      ok: false,
      error: { code: 'usage', message: "unknown command 'xyzzy'", issues: [] },
    });
  });
});
