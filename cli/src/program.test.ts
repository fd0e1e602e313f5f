import { describe, expect, it } from 'vitest';
import { runFmea } from './test-utils.ts';

describe('fmea (the real binary)', () => {
  it('prints root help in Chinese by default, exit 0', async () => {
    const { code, stdout, stderr } = await runFmea(['--help']);
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

  it("refuses an unknown command or option with commander's message and exit 2", async () => {
    const command = await runFmea(['frobnicate']);
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
