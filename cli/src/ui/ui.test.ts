import { describe, expect, it } from 'vitest';
import { NotFoundError } from '@fmea/core/errors';
import { captureIo } from '../test-utils.ts';
import type { CliFailure } from '../errors.ts';
import { createOutput, resolveOutputMode, type Column } from './index.ts';

interface Row {
  code: string;
  name: string;
  count: number;
}
const rows: Row[] = [
  { code: 'P-001', name: '制动系统', count: 12 },
  { code: 'P-002', name: 'Steering\twheel', count: 3 },
];
const columns: Column<Row>[] = [
  { header: '编号', value: 'code' },
  { header: '名称', value: 'name' },
  { header: 'n×2', value: (row) => row.count * 2, align: 'right' },
];
const failure: CliFailure = {
  code: 'not_found',
  message: '数据不存在',
  issues: [{ message: '第 2 行：数据不存在', row: 2 }],
  exitCode: 3,
};
const t = 'zh-CN' as const;
const displayWidth = (text: string) => [...text].reduce((width, ch) => width + (/[\u3000-\u9fff\uff00-\uffef]/.test(ch) ? 2 : 1), 0);

describe('resolveOutputMode', () => {
  it('uses JSON when asked, Ink only in a terminal outside CI, plain text otherwise', () => {
    expect(resolveOutputMode(captureIo({ tty: true }).io, true)).toBe('json');
    expect(resolveOutputMode(captureIo({ tty: true }).io, false)).toBe('tty');
    expect(resolveOutputMode(captureIo({ tty: true, env: { CI: 'true' } }).io, false)).toBe('plain');
    expect(resolveOutputMode(captureIo({ tty: true, env: { CI: 'false' } }).io, false)).toBe('tty');
    expect(resolveOutputMode(captureIo().io, false)).toBe('plain');
  });
});

describe('plain output', () => {
  it('prints tables as tab-separated lines under a header, cells on one line', async () => {
    const { io, stdout } = captureIo();
    await createOutput('plain', io, t).printTable(rows, columns);
    expect(stdout()).toBe('编号\t名称\tn×2\nP-001\t制动系统\t24\nP-002\tSteering wheel\t6\n');
  });

  it('prints records as label<TAB>value lines and messages as lines', async () => {
    const { io, stdout } = captureIo();
    const out = createOutput('plain', io, t);
    await out.printRecord({ code: 'P-001', createdAt: new Date('2026-01-02T03:04:05Z'), owner: null }, { code: '编号' });
    await out.printMessage('已创建');
    expect(stdout()).toBe('编号\tP-001\ncreatedAt\t2026-01-02T03:04:05.000Z\nowner\t\n已创建\n');
  });

  it('prints errors on stderr, issues indented', async () => {
    const { io, stdout, stderr } = captureIo();
    await createOutput('plain', io, t).printError(failure);
    expect(stdout()).toBe('');
    expect(stderr()).toBe('数据不存在\n  第 2 行：数据不存在\n');
  });

  it('describes raw errors itself: a DomainError translated, anything else as a system error', async () => {
    const { io, stderr } = captureIo();
    const out = createOutput('plain', io, 'en-US');
    await out.printError(new NotFoundError());
    await out.printError(new Error('secret detail'));
    expect(stderr()).toBe('The data does not exist\nSystem error (set FMEA_DEBUG=1 to see details)\n');
  });

  it('reports progress as a few `label N%` lines on stderr, nothing on stdout', async () => {
    const { io, stdout, stderr } = captureIo();
    const progress = createOutput('plain', io, t).createProgress('导入', 1000);
    for (let i = 0; i < 1000; i++) progress.tick();
    await progress.done();
    expect(stdout()).toBe('');
    expect(stderr().trimEnd().split('\n')).toEqual([
      '导入 0%', '导入 10%', '导入 20%', '导入 30%', '导入 40%', '导入 50%',
      '导入 60%', '导入 70%', '导入 80%', '导入 90%', '导入 100%',
    ]);
  });

  it('still ends at 100% when fewer ticks than announced arrive', async () => {
    const { io, stderr } = captureIo();
    const progress = createOutput('plain', io, t).createProgress('x', 10);
    progress.tick(4);
    await progress.done();
    expect(stderr()).toBe('x 40%\nx 100%\n');
  });
  it('writes booleans as the locale\'s yes/no in text, and notices on stderr', async () => {
    const { io, stdout, stderr } = captureIo();
    const out = createOutput('plain', io, 'en-US');
    await out.printRecord({ locked: true, mustChange: false });
    await out.printTable([{ locked: false }], [{ header: 'L', value: 'locked' }]);
    await out.printNotice('password: x');
    expect(stdout()).toBe('locked\tyes\nmustChange\tno\nL\nno\n');
    expect(stderr()).toBe('password: x\n');
  });
});

describe('JSON output', () => {
  it('writes nothing until finish, then one document with the single payload as data', async () => {
    const { io, stdout, stderr } = captureIo();
    const out = createOutput('json', io, t);
    await out.printTable(rows, columns);
    const progress = out.createProgress('x', 2);
    progress.tick(2);
    await progress.done();
    expect(stdout()).toBe('');
    await out.finish();
    expect(JSON.parse(stdout())).toEqual({ ok: true, data: rows });
    expect(stderr()).toBe('');
  });

  it('gathers several payloads into an array, and messages alone into { message }', async () => {
    const many = captureIo();
    const out = createOutput('json', many.io, t);
    await out.printRecord({ a: 1 });
    await out.printLines(['H', 'L']);
    await out.finish();
    expect(JSON.parse(many.stdout())).toEqual({ ok: true, data: [{ a: 1 }, ['H', 'L']] });

    const said = captureIo();
    const out2 = createOutput('json', said.io, t);
    await out2.printMessage('done');
    await out2.finish();
    expect(JSON.parse(said.stdout())).toEqual({ ok: true, data: { message: 'done' } });
  });

  it('reports the data given to a table or a message instead of the rows or the text', async () => {
    const { io, stdout } = captureIo();
    const out = createOutput('json', io, t);
    await out.printMessage('共 2 条'); // a message without data is not a payload
    await out.printTable(rows, columns, { items: rows, total: 2 });
    await out.finish();
    expect(JSON.parse(stdout())).toEqual({ ok: true, data: { items: rows, total: 2 } });

    const said = captureIo();
    const out2 = createOutput('json', said.io, t);
    await out2.printMessage('已删除', { deleted: true });
    await out2.finish();
    expect(JSON.parse(said.stdout())).toEqual({ ok: true, data: { deleted: true } });
  });

  it('writes notices to stderr at once, keeping stdout to the one document', async () => {
    const { io, stdout, stderr } = captureIo();
    const out = createOutput('json', io, t);
    await out.printNotice('已创建管理员账号');
    expect(stderr()).toBe('已创建管理员账号\n');
    await out.finish();
    expect(JSON.parse(stdout())).toEqual({ ok: true, data: null });
  });

  it('reports a failure instead of any data printed before it', async () => {
    const { io, stdout } = captureIo();
    const out = createOutput('json', io, t);
    await out.printLines(['H']);
    await out.printError(failure);
    await out.finish();
    expect(stdout().trimEnd().split('\n')).toHaveLength(1);
    expect(JSON.parse(stdout())).toEqual({
      ok: false,
      error: { code: 'not_found', message: '数据不存在', issues: [{ message: '第 2 行：数据不存在', row: 2 }] },
    });
  });
});

describe('terminal (Ink) output', () => {
  it('renders a table with aligned columns under bold headers', async () => {
    const { io, stdout } = captureIo({ tty: true });
    await createOutput('tty', io, t).printTable(rows, columns);
    const lines = stdout().split('\n');
    const header = lines.find((line) => line.includes('编号'))!;
    const first = lines.find((line) => line.includes('P-001'))!;
    const second = lines.find((line) => line.includes('P-002'))!;
    expect(header).toMatch(/编号\s+名称\s+n×2/);
    expect(first).toMatch(/P-001\s+制动系统\s+24/);
    // columns line up by display width (CJK characters take two cells); the right-aligned column ends together
    expect(displayWidth(first.slice(0, first.indexOf('制动系统')))).toBe(displayWidth(second.slice(0, second.indexOf('Steering'))));
    expect(displayWidth(first.trimEnd())).toBe(displayWidth(second.trimEnd()));
    expect(displayWidth(header.trimEnd())).toBe(displayWidth(first.trimEnd()));
  });

  it('says so when a table has no rows', async () => {
    const { io, stdout } = captureIo({ tty: true });
    await createOutput('tty', io, t).printTable([], columns);
    expect(stdout()).toContain('（无数据）');
  });

  it('draws errors in a box on stderr', async () => {
    const { io, stdout, stderr } = captureIo({ tty: true });
    await createOutput('tty', io, t).printError(failure);
    expect(stdout()).toBe('');
    expect(stderr()).toContain('╭');
    expect(stderr()).toContain('错误');
    expect(stderr()).toContain('数据不存在');
    expect(stderr()).toContain('第 2 行：数据不存在');
  });

  it('draws a progress bar on stderr and finishes it', async () => {
    const { io, stdout, stderr } = captureIo({ tty: true });
    const progress = createOutput('tty', io, t).createProgress('导入', 4);
    progress.tick();
    progress.tick(3);
    await progress.done();
    expect(stdout()).toBe('');
    expect(stderr()).toContain('导入');
    expect(stderr()).toContain('100%');
    expect(stderr()).toContain('4/4');
  });

  it('stops a bar where it is when the command fails, before the error box', async () => {
    const { io, stderr } = captureIo({ tty: true });
    const out = createOutput('tty', io, t);
    const progress = out.createProgress('导入', 10);
    progress.tick(3);
    await out.printError(failure);
    await progress.done(); // a late done() is harmless
    const text = stderr();
    expect(text).toContain('3/10');
    expect(text).not.toContain('100%');
    expect(text.indexOf('3/10')).toBeLessThan(text.indexOf('╭'));
  });
});
