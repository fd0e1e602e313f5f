import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FMEDA_SHEET_COLUMNS, writeSheet } from '@fmea/core/services';
import { runFmea } from '../../test-utils.ts';

const dir = mkdtempSync(join(tmpdir(), 'fmea-fmeda-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

type Row = Record<(typeof FMEDA_SHEET_COLUMNS)[number]['key'], string>;
const row = (element: string, elementFit: string, mode: string, distribution: string, faultClass: string, dcResidual = '', dcLatent = ''): Row => ({
  element,
  elementFit,
  mode,
  distribution,
  faultClass,
  residualMechanism: dcResidual ? 'Current monitor' : '',
  dcResidual,
  latentMechanism: dcLatent ? 'Start-up test' : '',
  dcLatent,
});

async function worksheet(name: string, rows: Row[]): Promise<string> {
  const path = join(dir, name);
  writeFileSync(path, await writeSheet('FMEDA', FMEDA_SHEET_COLUMNS, rows));
  return path;
}

describe('fmea fmeda metrics', () => {
  it('answers a motor driver’s metrics: ASIL B met, C not; its SFF, PFH band and Route 1H SILs', async () => {
    // the hand-computed case of core/src/domain/fmeda/metrics.test.ts, as a worksheet
    const file = await worksheet('driver.xlsx', [
      row('H-bridge', '1000', 'Short to battery', '50', 'single-point', '90'),
      row('H-bridge', '1000', 'Gate driver stuck', '40', 'multiple-point', '', '50'),
      row('H-bridge', '1000', 'Open load', '10', 'safe'),
    ]);
    const result = await runFmea(['--json', 'fmeda', 'metrics', file]);
    expect(result.code, result.stderr).toBe(0);
    const { data } = JSON.parse(result.stdout);
    expect(data.spfm).toBeCloseTo(0.95, 12);
    expect(data.lfm).toBeCloseTo(1 - 200 / 950, 12);
    expect(data.pmhfFit).toBeCloseTo(50, 9);
    expect(data.asil).toEqual({ B: { spfm: true, lfm: true, pmhf: true }, C: { spfm: false, lfm: false, pmhf: true }, D: { spfm: false, lfm: false, pmhf: false } });
    expect(data.sff).toBeCloseTo(550 / 600, 12);
    expect(data.dc).toBeCloseTo(0.9, 12);
    expect(data.pfhPerHour).toBeCloseTo(5e-8, 20);
    expect(data.pfhSilBand).toBe(3);
    expect(data.maxSil).toEqual({ typeA: { hft0: 3, hft1: 4, hft2: 4 }, typeB: { hft0: 2, hft1: 3, hft2: 4 } });

    const text = await runFmea(['--lang', 'en-US', 'fmeda', 'metrics', file]);
    expect(text.stdout).toContain('ISO 26262-5: SPFM 95.00 %, LFM 78.95 %, PMHF 50.00 FIT\nASIL B: SPFM ✓ LFM ✓ PMHF ✓\nASIL C: SPFM ✗ LFM ✗ PMHF ✓');
  });

  it('names every wrong cell by row and column in the user’s language, and computes nothing', async () => {
    const file = await worksheet('wrong.xlsx', [
      row('H-bridge', 'many', 'Short to battery', '50', 'single-point', '90'),
      row('H-bridge', '1000', 'Gate driver stuck', '140', 'risky', '', '50'),
      row('Shunt', '20', 'Drift', '70', 'safe'),
      row('Shunt', '20', 'Open', '40', 'safe'),
    ]);
    const en = await runFmea(['--lang', 'en-US', 'fmeda', 'metrics', file]);
    expect(en).toMatchObject({ code: 2, stdout: '' });
    expect(en.stderr).toContain('Row 2: Element failure rate (FIT): “many” is not a number of 0 or more');
    expect(en.stderr).toContain('Row 3: Distribution (%): “140” is not a share from 0 to 100');
    expect(en.stderr).toContain('Row 3: Fault class: “risky” is none of safe, single-point, multiple-point');
    expect(en.stderr).toContain('Distribution (%): the modes of Shunt add up to 110 %');
    const zh = await runFmea(['fmeda', 'metrics', file]);
    expect(zh.stderr).toContain('要素失效率 (FIT)：“many”不是大于等于 0 的数');
  });
});

describe('fmea fmeda import, metrics of a stored FMEDA, export', { timeout: 120_000 }, () => {
  it('imports a worksheet as a new FMEDA project, answers its metrics by its FM number, and exports what imports again', async () => {
    const { dbEnv, tempDbUrl } = await import('../../test-utils.ts');
    const temp = await tempDbUrl();
    try {
      const env = dbEnv(temp);
      const file = await worksheet('stored.xlsx', [
        row('H-bridge', '1000', 'Short to battery', '50', 'single-point', '90'),
        row('H-bridge', '1000', 'Gate driver stuck', '40', 'multiple-point', '', '50'),
        row('H-bridge', '1000', 'Open load', '10', 'safe'),
      ]);
      const imported = await runFmea(['--json', 'fmeda', 'import', file, '--name', 'Motor driver'], { env });
      expect(imported.code, imported.stderr).toBe(0);
      const { data } = JSON.parse(imported.stdout);
      expect(data.fmedaNum).toMatch(/^FM\d{10}$/);
      expect(data.rows).toBe(3);
      // a wrong row refuses the file, every problem named, and no project is made
      const wrong = await worksheet('wrong-import.xlsx', [row('H-bridge', 'many', 'Short to battery', '50', 'single-point', '90')]);
      const refused = await runFmea(['--lang', 'en-US', 'fmeda', 'import', wrong], { env });
      expect(refused.code).toBe(2);
      expect(refused.stderr).toContain('The worksheet was not imported: one problem listed below; nothing was written');
      expect(refused.stderr).toContain('Row 2: Element failure rate (FIT): “many” is not a number of 0 or more');
      const text = await runFmea(['--lang', 'en-US', 'fmeda', 'import', file], { env });
      expect(text.stdout).toMatch(/FMEDA FM\d{10} created with 3 rows/);

      const metrics = await runFmea(['--json', 'fmeda', 'metrics', data.fmedaNum], { env });
      expect(metrics.code, metrics.stderr).toBe(0);
      const stored = JSON.parse(metrics.stdout).data;
      expect(stored.spfm).toBeCloseTo(0.95, 12);
      expect(stored.asil.B).toEqual({ spfm: true, lfm: true, pmhf: true });
      expect(stored.maxSil).toEqual({ typeA: { hft0: 3, hft1: 4, hft2: 4 }, typeB: { hft0: 2, hft1: 3, hft2: 4 } });

      const out = join(dir, 'exported.xlsx');
      const exported = await runFmea(['fmeda', 'export', data.fmedaNum, out], { env });
      expect(exported.code, exported.stderr).toBe(0);
      const again = await runFmea(['--json', 'fmeda', 'metrics', out], { env });
      const fromFile = JSON.parse(again.stdout).data;
      expect(fromFile.spfm).toBe(stored.spfm);
      expect(fromFile.lfm).toBe(stored.lfm);

      // no release yet: the baseline is named as unknown
      const noBaseline = await runFmea(['--lang', 'en-US', 'fmeda', 'metrics', data.fmedaNum, '--baseline', 'BL1'], { env });
      expect(noBaseline.code).not.toBe(0);
      expect(noBaseline.stderr).toContain('BL1');

      const missing = await runFmea(['--lang', 'en-US', 'fmeda', 'metrics', 'FM0000000000'], { env });
      expect(missing.code).not.toBe(0);
      expect(missing.stderr).not.toMatch(/Error:|at /);
    } finally {
      await temp.cleanup();
    }
  });
});
