import { chmod, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempDbUrl, type TempDb } from '../test-utils.ts';
import { assertExtension, readInputFile, writeOutputFile } from './files.ts';

let temp: TempDb;
beforeEach(async () => {
  temp = await tempDbUrl();
});
afterEach(() => temp.cleanup());

describe('input files', () => {
  it('reads a regular file into a Uint8Array, checking name and size before reading', async () => {
    const path = join(temp.dir, 'a.xlsx');
    await writeFile(path, 'abc');
    const seen: [string, number][] = [];
    const file = await readInputFile(path, (name, size) => void seen.push([name, size]));
    expect(file).toMatchObject({ path, name: 'a.xlsx' });
    expect(file.bytes).toBeInstanceOf(Uint8Array);
    expect(new TextDecoder().decode(file.bytes)).toBe('abc');
    expect(seen).toEqual([['a.xlsx', 3]]);
  });

  it('refuses a missing file (not_found) and anything that is not a regular file (invalid_input)', async () => {
    await expect(readInputFile(join(temp.dir, 'none.xlsx'))).rejects.toMatchObject({ code: 'not_found', messageKey: 'cli.file.not_found' });
    await expect(readInputFile(join(temp.dir, 'none', 'deeper.xlsx'))).rejects.toMatchObject({ code: 'not_found' });
    await expect(readInputFile(temp.dir)).rejects.toMatchObject({ code: 'invalid_input', messageKey: 'cli.file.not_regular' });
    await expect(readInputFile('/dev/null')).rejects.toMatchObject({ messageKey: 'cli.file.not_regular' });
  });

  it('checks extensions case-insensitively', () => {
    expect(assertExtension('Users.XLSX', ['.xlsx'])).toBe('.xlsx');
    expect(() => assertExtension('users.csv', ['.json', '.xlsx'])).toThrow(expect.objectContaining({ messageKey: 'file.unsupported_type', params: { types: 'json, xlsx' } }));
  });
});

describe('output files', () => {
  it('replaces the target in one step and leaves no temp file', async () => {
    const path = join(temp.dir, 'out.xlsx');
    await writeFile(path, 'old');
    await writeOutputFile(path, new TextEncoder().encode('new'));
    expect(await readFile(path, 'utf8')).toBe('new');
    expect(await readdir(temp.dir)).toEqual(['out.xlsx']);
  });

  it('fails with a translated reason and writes nothing when the folder is missing or the target is a folder', async () => {
    await expect(writeOutputFile(join(temp.dir, 'no', 'out.xlsx'), new Uint8Array(1))).rejects.toMatchObject({ code: 'invalid_input', messageKey: 'cli.file.folder_missing' });
    await mkdir(join(temp.dir, 'taken.xlsx'));
    await writeFile(join(temp.dir, 'taken.xlsx', 'inside'), 'x');
    await expect(writeOutputFile(join(temp.dir, 'taken.xlsx'), new Uint8Array(1))).rejects.toMatchObject({ code: 'invalid_input' });
    expect((await readdir(temp.dir)).sort()).toEqual(['taken.xlsx']);
  });

  // root writes anywhere, so this only means something for other users
  it.skipIf(process.getuid?.() === 0)('refuses a folder it may not write to', async () => {
    const locked = join(temp.dir, 'locked');
    await mkdir(locked);
    await chmod(locked, 0o500);
    await expect(writeOutputFile(join(locked, 'out.xlsx'), new Uint8Array(1))).rejects.toMatchObject({ messageKey: 'cli.file.permission_denied' });
  });
});
