import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbEnv, openTempDb, runFmea, runFmeaBinary, tempDbUrl, type TempDb } from '../../test-utils.ts';

let temp: TempDb;
let env: Record<string, string>;
beforeAll(async () => {
  temp = await tempDbUrl();
  env = dbEnv(temp);
}, 60_000);
afterAll(() => temp.cleanup());

describe('fmea ap eval', { timeout: 90_000 }, () => {
  it('rates S=9 O=6 D=5 as H and S=1 O=1 D=1 as L (AIAG & VDA DFMEA table)', async () => {
    const high = await runFmea(['ap', 'eval', '--s', '9', '--o', '6', '--d', '5'], { env });
    expect(high).toMatchObject({ code: 0, stdout: 'H\n', stderr: '' });
    const low = await runFmea(['ap', 'eval', '--s', '1', '--o', '1', '--d', '1', '--table', 'pfmea'], { env });
    expect(low).toMatchObject({ code: 0, stdout: 'L\n', stderr: '' });
  });

  it('refuses S=0 with exit 2 and the message in Chinese by default, English with --lang en-US', async () => {
    const zh = await runFmea(['ap', 'eval', '--s', '0', '--o', '6', '--d', '5']);
    expect(zh).toMatchObject({ code: 2, stdout: '', stderr: 'S必须是 1 到 10 之间的整数（当前为 0）\n' });
    const en = await runFmea(['--lang', 'en-US', 'ap', 'eval', '--s', '0', '--o', '6', '--d', '5']);
    expect(en).toMatchObject({ code: 2, stdout: '', stderr: 'S must be a whole number from 1 to 10 (got 0)\n' });
  });

  it('asks for all three ratings, exit 2', async () => {
    const { code, stdout, stderr } = await runFmea(['ap', 'eval', '--s', '9', '--o', '6']);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toBe('请同时提供 --s、--o 和 --d，或使用 --stdin\n使用 --help 查看用法。\n');
  });

  it('refuses an unknown table naming the choices in the chosen language, exit 2', async () => {
    const { code, stderr } = await runFmea(['ap', 'eval', '--s', '1', '--o', '1', '--d', '1', '--table', 'xfmea']);
    expect(code).toBe(2);
    expect(stderr).toContain('选项 --table <table> 的取值 xfmea 无效，可选：dfmea, pfmea, msr');
    const en = await runFmea(['--lang', 'en-US', 'ap', 'eval', '--s', '1', '--o', '1', '--d', '1', '--table', 'xfmea']);
    expect(en.stderr).toContain("option '--table <table>': 'xfmea' is not allowed; choose one of dfmea, pfmea, msr");
  });

  it('prints { ok: true, data } with --json, and { ok: false, error } on stdout on failure', async () => {
    const ok = await runFmea(['ap', 'eval', '--s', '9', '--o', '6', '--d', '5', '--json'], { env });
    expect(ok.code).toBe(0);
    expect(JSON.parse(ok.stdout)).toEqual({ ok: true, data: { s: 9, o: 6, d: 5, table: 'dfmea', ap: 'H' } });

    const bad = await runFmea(['--json', '--lang', 'en-US', 'ap', 'eval', '--s', '11', '--o', '6', '--d', '5']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toBe('');
    expect(JSON.parse(bad.stdout)).toEqual({
      ok: false,
      error: { code: 'invalid_input', message: 'S must be a whole number from 1 to 10 (got 11)', issues: [] },
    });
  });

  // the real binary: stdin piped into a process, read to its end (how speed is measured lives in bench/, not here)
  it('rates 1000 lines piped into the real binary in order, one AP per line', async () => {
    const triples: string[] = [];
    for (let i = 0; i < 1000; i++) triples.push(`${(i % 10) + 1},${(Math.floor(i / 10) % 10) + 1},${(Math.floor(i / 100) % 10) + 1}`);
    const input = `# s,o,d\n${triples.join('\n')}\n`;
    const { code, stdout, stderr } = await runFmeaBinary(['ap', 'eval', '--stdin'], { input, env });
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const lines = stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(1000);
    expect(new Set(lines)).toEqual(new Set(['H', 'M', 'L']));
    // spot checks in order: line i is S=(i%10)+1, O=…, D=…
    expect(lines[0]).toBe('L'); // 1,1,1
    expect(lines[999]).toBe('H'); // 10,10,10
    expect(lines[8 + 50 + 400]).toBe('H'); // 9,6,5
  });

  it('accepts mixed separators and comments, and answers each line in order with --json', async () => {
    const input = '9,6,5\n\n# comment\n1 1 1\n2;2;2\t\n';
    const { code, stdout } = await runFmea(['ap', 'eval', '--stdin', '--json'], { input, env });
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toEqual({
      ok: true,
      data: [
        { line: 1, s: 9, o: 6, d: 5, ap: 'H' },
        { line: 4, s: 1, o: 1, d: 1, ap: 'L' },
        { line: 5, s: 2, o: 2, d: 2, ap: 'L' },
      ],
    });
  });

  it('prints nothing when any stdin line is bad, naming every bad line, exit 2', async () => {
    const input = '9,6,5\n0,1,1\n1,2\n';
    const zh = await runFmea(['ap', 'eval', '--stdin'], { input, env });
    expect(zh.code).toBe(2);
    expect(zh.stdout).toBe('');
    expect(zh.stderr).toBe('2 行输入无效，未做任何计算\n  第 2 行：S必须是 1 到 10 之间的整数（当前为 0）\n  第 3 行：应为三个评分 "S,O,D"，实际为 "1,2"\n');
    const en = await runFmea(['ap', 'eval', '--stdin', '--json', '--lang', 'en-US'], { input, env });
    expect(en.code).toBe(2);
    expect(JSON.parse(en.stdout)).toEqual({
      ok: false,
      error: {
        code: 'invalid_input',
        message: '2 input lines are invalid; nothing was evaluated',
        issues: [
          { message: 'Row 2: S must be a whole number from 1 to 10 (got 0)', messageKey: 'ap.rating_out_of_range', field: 'S', row: 2 },
          { message: 'Row 3: expected three ratings "S,O,D" but got "1,2"', messageKey: 'cli.ap.eval.bad_line_format', row: 3 },
        ],
      },
    });
  });

  it('refuses --stdin together with rating flags, exit 2', async () => {
    const { code, stderr } = await runFmea(['--lang', 'en', 'ap', 'eval', '--stdin', '--s', '1'], { input: '1,1,1\n' });
    expect(code).toBe(2);
    expect(stderr).toBe('--stdin cannot be combined with --s, --o or --d\nRun with --help for usage.\n');
  });

  it('evaluates with the rules stored in the database, which admins may replace', async () => {
    const database = await openTempDb(temp);
    try {
      const { replaceApRules } = await import('@fmea/core/services');
      await replaceApRules(database.ctx, 'msr', [{ ruleType: 'RPN', ap: 'H', rpnMin: 1, rpnMax: 1000 }], 'RPN');
    } finally {
      database.close();
    }
    const replaced = await runFmea(['ap', 'eval', '--s', '1', '--o', '1', '--d', '1', '--table', 'msr'], { env });
    expect(replaced).toMatchObject({ code: 0, stdout: 'H\n' });
    const untouched = await runFmea(['ap', 'eval', '--s', '1', '--o', '1', '--d', '1', '--table', 'dfmea'], { env });
    expect(untouched).toMatchObject({ code: 0, stdout: 'L\n' });
  });

  it('prepares a new database on first use and prints the generated admin password once, on stderr', async () => {
    const fresh = await tempDbUrl();
    try {
      const first = await runFmea(['ap', 'eval', '--s', '9', '--o', '6', '--d', '5'], { env: { DATABASE_URL: fresh.url } });
      expect(first.code).toBe(0);
      expect(first.stdout).toBe('H\n');
      expect(first.stderr).toMatch(/^已创建管理员账号 admin，密码：\S+ —— 仅显示这一次，请在首次登录时修改\n$/);
      const again = await runFmea(['ap', 'eval', '--s', '9', '--o', '6', '--d', '5'], { env: { DATABASE_URL: fresh.url } });
      expect(again).toMatchObject({ code: 0, stdout: 'H\n', stderr: '' });
    } finally {
      await fresh.cleanup();
    }
  });
});
