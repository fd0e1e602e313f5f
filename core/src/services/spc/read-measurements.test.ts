import { describe, expect, it } from 'vitest';
import { csvRows, readMeasurements } from './read-measurements.ts';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('reading measurements', () => {
  it('reads CSV with a BOM, quotes, semicolons and blank lines, keeping each record’s line number', () => {
    expect(csvRows(bytes('\uFEFFsubgroup;value\r\n"A;1";"1.5"\r\n\r\n"B ""x""";2\n'))).toEqual([
      { row: 1, cells: ['', 'subgroup', 'value'] },
      { row: 2, cells: ['', 'A;1', '1.5'] },
      { row: 4, cells: ['', 'B "x"', '2'] },
    ]);
  });

  it('groups a variables file by subgroup in the order first seen, headers in either language', async () => {
    const read = await readMeasurements('m.csv', bytes('子组,测量值\n2,1\n1,3\n2,2\n'), 'variables');
    expect(read).toEqual({ kind: 'variables', subgroups: [{ subgroup: '2', values: [1, 2] }, { subgroup: '1', values: [3] }], rows: 3, unmapped: [] });
  });

  it('takes one row per subgroup for attributes and names a repeated one with both rows', async () => {
    await expect(readMeasurements('a.csv', bytes('subgroup,count,size\nL1,2,50\nL1,3,50\n'), 'attributes')).rejects.toMatchObject({
      messageKey: 'spc.read.invalid',
      issues: [{ messageKey: 'spc.read.subgroup_repeated', params: { subgroup: 'L1', first: 2 }, row: 3 }],
    });
  });

  it('refuses a file that is not CSV or xlsx, or not UTF-8', async () => {
    await expect(readMeasurements('m.txt', bytes('x'), 'variables')).rejects.toMatchObject({ messageKey: 'file.unsupported_type', params: { types: 'csv, xlsx' } });
    await expect(readMeasurements('m.csv', new Uint8Array([0xff, 0xfe, 0x41]), 'variables')).rejects.toMatchObject({ messageKey: 'spc.read.not_utf8' });
  });
});
