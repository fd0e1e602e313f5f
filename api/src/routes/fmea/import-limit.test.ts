import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '@fmea/core';
import { openTestDatabase } from '@fmea/core/testing';
import { createApp } from '../../app.ts';
import { buildChain, createTeamProject, engineer, ensureCustomers, makeTeam, openTestApp, type Person, type TestApp } from '../../testing.ts';

/**
 * The spreadsheet import limit is an operator setting (IMPORT_MAX_MB, 1 MB by
 * default): createApp({ importLimitBytes }) applies it to every spreadsheet
 * import route and to the body-size check in front of them, and the refusal
 * states the configured limit.
 */

const MB = 1024 * 1024;
const IMPORTS = ['/api/project/importData', '/api/project/importDataFlatProduct', '/api/user/userImport', '/api/dictionary/importDic'];

function form(bytes: Uint8Array, name: string) {
  const data = new FormData();
  data.append('excelFile', new Blob([Buffer.from(bytes)]), name);
  return data;
}

const upload = (app: TestApp, token: string, bytes: Uint8Array, name = 'big.xlsx', path = '/api/project/importData') =>
  app.call('POST', path, { token, lang: 'en-US', raw: form(bytes, name) });

/** A real DFMEA workbook (our export) with a sheet of incompressible text added until it is about `size` bytes. */
async function paddedWorkbook(exported: Uint8Array, size: number): Promise<Uint8Array> {
  const ExcelJS = (await import('exceljs')).default;
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(exported as unknown as ArrayBuffer);
  const sheet = workbook.addWorksheet('Padding');
  // base64 of random bytes deflates to about 3/4 of its length
  const cells = Math.ceil((size - exported.byteLength) / (0.75 * 30_000));
  for (let r = 1; r <= cells; r++) sheet.getCell(r, 1).value = randomBytes(22_500).toString('base64');
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

let workbook: Uint8Array; // ~1.5 MB, imports cleanly
let defaults: TestApp;
let admin: string;
let owner: Person;

beforeAll(async () => {
  defaults = await openTestApp();
  admin = await defaults.adminToken();
  const team = await makeTeam(defaults);
  owner = team.owner;
  const project = await createTeamProject(defaults, team);
  await buildChain(defaults, team.owner, project);
  const res = await defaults.app.request(`/api/project/exportData?projectId=${project.id}`, { headers: { token: team.owner.token } });
  expect(res.status).toBe(200);
  workbook = await paddedWorkbook(new Uint8Array(await res.arrayBuffer()), 1.5 * MB);
}, 60_000);
afterAll(() => defaults.dispose());

describe('spreadsheet import limit', { timeout: 60_000 }, () => {
  it('refuses a 1.5 MB workbook on every import route with the default limit, naming 1M', async () => {
    expect(workbook.byteLength).toBeGreaterThan(1.4 * MB);
    expect(workbook.byteLength).toBeLessThan(1.9 * MB);
    expect(defaults.services.importLimitBytes).toBe(MB);
    for (const path of IMPORTS) {
      const res = await upload(defaults, admin, workbook, 'big.xlsx', path);
      expect(res.status, path).toBe(400);
      expect(res.body.data.messageKey, path).toBe('file.too_large');
      expect(res.body.data.params).toEqual({ limit: '1M' });
      expect(res.body.meta.message).toBe(translate('en-US', 'file.too_large', { limit: '1M' }));
    }
  });

  describe('with importLimitBytes 2 MB', () => {
    let api: TestApp;
    beforeAll(async () => {
      api = await openTestApp({ importLimitBytes: 2 * MB });
      await ensureCustomers(api); // the workbook names its customer: this database must know it too
    }, 60_000);
    afterAll(() => api.dispose());

    it('imports the 1.5 MB workbook into a new project', async () => {
      const person = await engineer(api, 'big.importer');
      const res = await upload(api, person.token, workbook, 'window-lifter.xlsx');
      expect(res.status, JSON.stringify(res.body.meta)).toBe(200);
      expect(res.body.data).toMatchObject({ rows: 1, imported: 1, errors: [] });
      expect(res.body.data.serialNum).toMatch(/^DF/);
    });

    it('lets the 1.5 MB file through to the content checks of the other imports', async () => {
      const admin2 = await api.adminToken();
      for (const path of ['/api/user/userImport', '/api/dictionary/importDic']) {
        const res = await upload(api, admin2, workbook, 'big.xlsx', path);
        expect(res.body.data?.messageKey, path).not.toBe('file.too_large');
      }
    });

    it('refuses a file over 2 MB, naming the configured limit in both languages', async () => {
      const person = await engineer(api, 'big.refused');
      const big = new Uint8Array(2 * MB + 1);
      for (const path of ['/api/project/importData', '/api/project/importDataFlatProduct']) {
        const res = await upload(api, person.token, big, 'big.xlsx', path);
        expect(res.status, path).toBe(400);
        expect(res.body.data).toMatchObject({ messageKey: 'file.too_large', params: { limit: '2M' } });
        expect(res.body.meta.message).toBe('The file exceeds the size limit (2M)');
      }
      const zh = await api.call('POST', '/api/project/importData', { token: person.token, lang: 'zh-CN', raw: form(big, 'big.xlsx') });
      expect(zh.body.meta.message).toBe('文件超过大小限制（2M）');
    });
  });

  describe('the body-size check in front of the import routes', () => {
    let api: TestApp;
    afterEach(() => api?.dispose());

    it('keeps 3 MB (the BOM limit) as the floor and follows a larger setting', async () => {
      api = await openTestApp();
      const token = await api.adminToken();
      expect((await upload(api, token, new Uint8Array(4 * MB))).status).toBe(413);
      api.dispose();

      api = await openTestApp({ importLimitBytes: 5 * MB });
      const token5 = await api.adminToken();
      const five = await upload(api, token5, new Uint8Array(4 * MB), 'big.xls');
      expect(five.status).toBe(400); // past the body check, refused by the workbook checks
      expect((await upload(api, token5, new Uint8Array(6 * MB))).status).toBe(413);
      // other uploads keep their own limits; JSON bodies keep 1 MB
      expect((await api.call('POST', '/api/login', { headers: { 'content-type': 'application/json' }, raw: `{"username":"${'a'.repeat(2 * MB)}"}` })).status).toBe(413);
    });
  });
});

describe('createApp and IMPORT_MAX_MB', () => {
  const saved = process.env.IMPORT_MAX_MB;
  const filesDir = mkdtempSync(join(tmpdir(), 'fmea-files-'));
  afterAll(() => rmSync(filesDir, { recursive: true, force: true }));
  afterEach(() => {
    if (saved === undefined) delete process.env.IMPORT_MAX_MB;
    else process.env.IMPORT_MAX_MB = saved;
  });

  it('reads the limit from the environment when no option is given; the option wins', async () => {
    const t = await openTestDatabase();
    try {
      process.env.IMPORT_MAX_MB = '12';
      expect(createApp({ database: t, filesDir }).services.importLimitBytes).toBe(12 * MB);
      expect(createApp({ database: t, filesDir, importLimitBytes: 3 * MB }).services.importLimitBytes).toBe(3 * MB);
      delete process.env.IMPORT_MAX_MB;
      expect(createApp({ database: t, filesDir }).services.importLimitBytes).toBe(MB);
    } finally {
      t.dispose();
    }
  });

  it('refuses to start with a bad value', async () => {
    const t = await openTestDatabase();
    try {
      for (const value of ['0', '101', '1.5', 'lots']) {
        process.env.IMPORT_MAX_MB = value;
        expect(() => createApp({ database: t, filesDir }), value).toThrow(expect.objectContaining({ messageKey: 'config.import_max_mb_invalid', params: expect.objectContaining({ option: 'IMPORT_MAX_MB', value }) }));
      }
      delete process.env.IMPORT_MAX_MB;
      expect(() => createApp({ database: t, filesDir, importLimitBytes: 0 })).toThrow(RangeError);
    } finally {
      t.dispose();
    }
  });
});
