import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeSheet } from '@fmea/core/services';
import { runFmea } from '../../test-utils.ts';

const dir = mkdtempSync(join(tmpdir(), 'fmea-spc-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const file = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

// Montgomery Table 6.3, samples 1–5 (piston-ring diameters): x̄ = 74.0102, 74.0006, 74.0080, 74.0030, 74.0034;
// R = 0.038, 0.019, 0.036, 0.022, 0.026 → x̄̄ = 74.00504, R̄ = 0.0282, σ = R̄/d2(5) = 0.0282/2.325929
const RINGS = [
  [74.03, 74.002, 74.019, 73.992, 74.008], [73.995, 73.992, 74.001, 74.011, 74.004], [73.988, 74.024, 74.021, 74.005, 74.002],
  [74.002, 73.996, 73.993, 74.015, 74.009], [73.992, 74.007, 74.015, 73.989, 74.014],
];
const ringsCsv = ['subgroup,value', ...RINGS.flatMap((values, i) => values.map((v) => `S${i + 1},${v}`))].join('\r\n');
// Montgomery Example 7.1: orange-juice cans, 30 samples of 50; samples 15 and 23 beyond UCL 0.4102
const JUICE = [12, 15, 8, 10, 4, 7, 16, 9, 14, 10, 5, 6, 17, 12, 22, 8, 10, 5, 13, 11, 20, 18, 24, 15, 9, 12, 7, 13, 9, 6];

describe('fmea spc analyze', () => {
  it('answers an X̄-R chart of a CSV file with capability, in --json as the issue lists', async () => {
    const path = file('rings.csv', ringsCsv);
    const result = await runFmea(['--json', 'spc', 'analyze', path, '--chart', 'xbar-r', '--lsl', '73.95', '--usl', '74.05', '--target', '74']);
    expect(result.code, result.stderr).toBe(0);
    const { data } = JSON.parse(result.stdout);
    const sigma = 0.0282 / 2.325929;
    expect(data).toEqual({
      file: 'rings.csv',
      chart: 'xbar-r',
      subgroups: 5,
      center: expect.closeTo(74.00504, 9),
      lcl: expect.closeTo(74.00504 - (3 * sigma) / Math.sqrt(5), 6),
      ucl: expect.closeTo(74.00504 + (3 * sigma) / Math.sqrt(5), 6),
      sigma: expect.closeTo(sigma, 6),
      secondary: { center: expect.closeTo(0.0282, 9), lcl: 0, ucl: expect.closeTo(2.1145 * 0.0282, 4) },
      capability: { cp: expect.closeTo(0.1 / (6 * sigma), 4), cpk: expect.closeTo((74.05 - 74.00504) / (3 * sigma), 4), pp: expect.any(Number), ppk: expect.any(Number), cpm: expect.any(Number) },
      violations: [],
    });
    const text = await runFmea(['--lang', 'en-US', 'spc', 'analyze', path, '--chart', 'xbar-r']);
    expect(text.stdout).toContain('xbar-r chart, 5 subgroups: centre 74.005, LCL');
    expect(text.stdout).toContain('R chart: centre 0.0282, LCL 0, UCL 0.0596289');
  });

  it('reads an xlsx with Chinese headers as a p chart and names the out-of-control samples by Nelson’s rule numbers', async () => {
    const path = join(dir, 'juice.xlsx');
    const columns = [{ key: 'subgroup', headers: ['子组'] }, { key: 'count', headers: ['不合格数'] }, { key: 'size', headers: ['样本量'] }] as const;
    writeFileSync(path, await writeSheet('数据', columns, JUICE.map((count, i) => ({ subgroup: `${i + 1}`, count, size: 50 }))));
    const result = await runFmea(['--json', 'spc', 'analyze', path, '--chart', 'p', '--rules', '1']);
    expect(result.code, result.stderr).toBe(0);
    const { data } = JSON.parse(result.stdout);
    expect(data.center).toBeCloseTo(0.2313, 4);
    expect(data.ucl.toFixed(4)).toBe('0.4102');
    expect(data.lcl.toFixed(4)).toBe('0.0524');
    expect(data.sigma).toBeUndefined();
    expect(data.violations).toEqual([{ subgroup: '15', rule: 1, series: 'primary' }, { subgroup: '23', rule: 1, series: 'primary' }]);
  });

  it('names every unreadable row by its number, in the user’s language, and computes nothing', async () => {
    const path = file('bad.csv', 'subgroup,value\nA,1.5\nA,abc\n,2\nB,2;3\n');
    const en = await runFmea(['--lang', 'en-US', 'spc', 'analyze', path, '--chart', 'xbar-r']);
    expect(en).toMatchObject({ code: 2, stdout: '' });
    expect(en.stderr).toContain('The file bad.csv has rows that cannot be read\n  Row 3: value: “abc” is not a number\n  Row 4: The subgroup is empty\n  Row 5: value: “2;3” is not a number');
    const zh = await runFmea(['spc', 'analyze', path, '--chart', 'xbar-r']);
    expect(zh.stderr).toContain('第 3 行：value：“abc”不是数字');
  });

  it('refuses a column it does not know, a wrong chart, rule or number, and LSL ≥ USL, each with its own message', async () => {
    const extra = file('extra.csv', 'subgroup,value,operator\n1,10,Li\n2,11,Li\n');
    expect((await runFmea(['--lang', 'en-US', 'spc', 'analyze', extra, '--chart', 'i-mr'])).stderr).toContain('column C “operator”');
    const ok = await runFmea(['--json', 'spc', 'analyze', extra, '--chart', 'i-mr', '--accept-unmapped']);
    expect(ok.code, ok.stderr).toBe(0);
    const path = file('ok.csv', 'subgroup,value\n1,10\n2,11\n3,12\n');
    const run = (...args: string[]) => runFmea(['--lang', 'en-US', 'spc', 'analyze', path, ...args]);
    expect((await run('--chart', 'xbar')).stderr).toContain('--chart: “xbar” is not one of xbar-r, xbar-s, i-mr, p, np, c, u');
    expect((await run('--chart', 'i-mr', '--rules', '1,9')).stderr).toContain('--rules: “9” is not a run rule');
    expect((await run('--chart', 'i-mr', '--lsl', 'low')).stderr).toContain('--lsl: “low” is not a number');
    const order = await run('--chart', 'i-mr', '--lsl', '12', '--usl', '10');
    expect(order).toMatchObject({ code: 2 });
    expect(order.stderr).toContain('The lower specification limit 12 must be below the upper one 10');
    expect((await run('--chart', 'p')).stderr).toContain('The file ok.csv lacks the columns this chart reads (subgroup, count, size)');
  });
});
