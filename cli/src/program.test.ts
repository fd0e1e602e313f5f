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
    expect(command.stderr).toBe('未知命令 frobnicate\n使用 --help 查看用法。\n');
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
      error: { code: 'usage', message: '未知命令 xyzzy', issues: [] },
    });
  });

  it("says commander's own usage errors in the chosen language, with its suggestion", async () => {
    const zh = async (args: string[]) => (await runFmea(args)).stderr.split('\n')[0];
    expect(await zh(['nosuch'])).toBe('未知命令 nosuch');
    expect(await zh(['ap', 'eval', '--bogus'])).toBe('未知选项 --bogus');
    expect(await zh(['user', 'add'])).toBe('缺少必填参数 userName');
    expect(await zh(['dfmea', 'list', '--page'])).toBe('选项 --page <n> 缺少取值');
    expect(await zh(['ap', 'eval', '--table', 'nope', '--s', '1', '--o', '1', '--d', '1'])).toBe('选项 --table <table> 的取值 nope 无效，可选：dfmea, pfmea, msr');
    expect(await zh(['site', 'list', 'extra'])).toBe('list 的参数过多：应为 0 个，实际 1 个');
    const suggested = await runFmea(['usr']);
    expect(suggested).toMatchObject({ code: 2, stderr: '未知命令 usr\n（是否想输入 user？）\n使用 --help 查看用法。\n' });
    const en = await runFmea(['--lang', 'en-US', 'site', 'list', 'extra']);
    expect(en.stderr).toBe("too many arguments for 'list': expected 0 arguments, got 1\nRun with --help for usage.\n");
    expect((await runFmea(['--lang', 'en-US', 'usr'])).stderr).toBe("unknown command 'usr'\n(Did you mean user?)\nRun with --help for usage.\n");
  });

  it('says the defaults and choices in help in the chosen language', async () => {
    const help = async (args: string[]) => (await runFmea([...args, 'ap', 'eval', '--help'])).stdout.replace(/\s+/g, ' ');
    const zh = await help([]);
    expect(zh).toContain('--table <table> AP 表：dfmea、pfmea 或 msr（可选："dfmea", "pfmea", "msr"；默认："dfmea"）');
    expect(zh).not.toMatch(/default:|choices:/);
    expect(await help(['--lang', 'en-US'])).toMatch(/--table <table> .+ \(choices: "dfmea", "pfmea", "msr", default: "dfmea"\)/);
  });

  it('refuses a language it does not speak with exit 2, saying so in both languages and naming the two it does', async () => {
    const message = '不支持的语言 fr：--lang 可选 zh-CN（中文）或 en-US（English）\nUnsupported language fr: --lang takes zh-CN (Chinese) or en-US (English)';
    for (const args of [['--lang', 'fr', 'site', 'list'], ['--lang=fr', '--help'], ['site', 'list', '--lang', 'fr']]) {
      const run = await runFmea(args);
      expect(run, args.join(' ')).toMatchObject({ code: 2, stdout: '' });
      expect(run.stderr).toContain(message);
    }
    const json = await runFmea(['--json', '--lang', 'fr', 'site', 'list']);
    expect(json.code).toBe(2);
    expect(JSON.parse(json.stdout)).toEqual({ ok: false, error: { code: 'usage', message, issues: [] } });
    // the spellings it does speak, and a shell's LANG it cannot use is no request: Chinese
    expect((await runFmea(['--lang', 'en_GB', 'nosuch'])).stderr).toContain("unknown command 'nosuch'");
    expect((await runFmea(['--lang', 'zh', 'nosuch'])).stderr).toContain('未知命令 nosuch');
    expect((await runFmea(['nosuch'], { env: { LANG: 'fr_FR.UTF-8' } })).stderr).toContain('未知命令 nosuch');
  });
});
