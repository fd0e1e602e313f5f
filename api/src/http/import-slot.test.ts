import { setImmediate as nextTurn } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { findUserRow, listUsers, USER_SHEET_COLUMNS, writeSheet } from '@fmea/core';
import { openTestApp, reader, watchSocket, type TestApp } from '../testing.ts';

/**
 * The server runs a few spreadsheet imports at once (IMPORT_CONCURRENCY);
 * the others wait their turn and the caller's tabs are told so. The test
 * holds the slots itself (as long-running imports would), so what it sees
 * does not depend on timing.
 */

let api: TestApp;
let admin: string;
let adminId: string;
beforeEach(async () => {
  api = await openTestApp({ importConcurrency: 4 });
  admin = await api.adminToken();
  adminId = (await findUserRow(api.t.db, 'admin')).id;
});
afterEach(() => api.dispose());

function importUsers(userName: string, options: { token?: string; lang?: string } = {}) {
  let settled = false;
  const answer = writeSheet('users', USER_SHEET_COLUMNS, [{ userName, realName: userName }]).then((bytes) => {
    const form = new FormData();
    form.append('excelFile', new Blob([Buffer.from(bytes)]), `${userName}.xlsx`);
    return api.call('POST', '/api/user/userImport', { token: options.token ?? admin, lang: options.lang ?? 'en-US', raw: form });
  });
  return { answer: answer.finally(() => (settled = true)), settled: () => settled };
}

/** Lets the server work until `condition` holds (a bounded number of event-loop turns, no clock). */
async function until(condition: () => boolean, what: string): Promise<void> {
  for (let turn = 0; turn < 20_000; turn++) {
    if (condition()) return;
    await nextTurn();
  }
  throw new Error(`never happened: ${what}`);
}

type Progress = { val: number; text: string; waiting?: boolean };
const progressOf = (seen: ReturnType<typeof watchSocket>) => seen.messages.filter((m) => m.event === 'receiveProgressInfo').map((m) => m.data as Progress);
const userNames = async () => (await listUsers(api.t.ctx, { limit: 500 })).items.map((u) => u.userName);

describe('the server’s import slots', () => {
  it('queue a fifth import while four run, tell the caller it waits and how many are ahead, then run it', async () => {
    const seen = watchSocket(api, admin, adminId);
    const running = await Promise.all([1, 2, 3, 4].map(() => api.services.imports.acquire()));

    const fifth = importUsers('queued5');
    await until(() => api.services.imports.waiting === 1, 'the fifth import waits');
    const sixth = importUsers('queued6', { lang: 'zh-CN' });
    await until(() => api.services.imports.waiting === 2, 'the sixth import waits');
    expect(progressOf(seen)).toEqual([
      { val: 0, text: 'Waiting to import: next in line', waiting: true },
      { val: 0, text: '等待导入：前面还有 1 个导入', waiting: true },
    ]);
    expect([fifth.settled(), sixth.settled()]).toEqual([false, false]);
    expect(await userNames()).not.toContain('queued5');

    // one of the four ends: the fifth runs, the sixth moves up
    running[0]!();
    const answer = await fifth.answer;
    expect(answer.status).toBe(200);
    expect(answer.body.data.created.map((c: { userName: string }) => c.userName)).toEqual(['queued5']);
    expect(progressOf(seen)).toContainEqual({ val: 0, text: '等待导入：下一个即开始', waiting: true });
    // the fifth's own progress after its wait, ending at 100
    expect(progressOf(seen).at(-1)).toMatchObject({ val: 100 });

    // the fifth's slot went to the sixth
    expect((await sixth.answer).status).toBe(200);
    expect(await userNames()).toEqual(expect.arrayContaining(['queued5', 'queued6']));
    for (const release of running.slice(1)) release();
    expect([api.services.imports.running, api.services.imports.waiting]).toEqual([0, 0]);
  });

  it('refuse a caller without the import button at once, without queueing them behind the running imports', async () => {
    const running = await Promise.all([1, 2, 3, 4].map(() => api.services.imports.acquire()));
    const { token } = await reader(api, 'system_user');
    const refused = await importUsers('sneaky', { token }).answer;
    expect(refused.status).toBe(403);
    expect(api.services.imports.waiting).toBe(0);
    for (const release of running) release();
  });

  it('are held by every route that reads an uploaded workbook (the OpenAPI document marks them), and by no plain file upload', async () => {
    const doc = (await (await api.app.request('/api/openapi.json')).json()) as {
      paths: Record<string, Record<string, { requestBody?: { content?: Record<string, unknown> }; 'x-import-slot'?: boolean }>>;
    };
    const uploads = Object.entries(doc.paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([, op]) => op.requestBody?.content?.['multipart/form-data'])
        .map(([method, op]) => ({ call: `${method.toUpperCase()} ${path}`, slot: op['x-import-slot'] === true })),
    );
    const plainUploads = ['/api/fileOperate/uploadSingleFile', '/api/fileOperate/uploadFiles', '/api/fileOperate/uploadFmeaImg', '/api/user/updateUserImg', '/api/replaceLogo/replaceClientLogo'];
    for (const { call, slot } of uploads) expect(slot, call).toBe(!plainUploads.some((path) => call.endsWith(` ${path}`)));
    expect(uploads.filter((u) => u.slot).map((u) => u.call)).toEqual(
      expect.arrayContaining([
        'POST /api/user/userImport',
        'POST /api/dictionary/importDic',
        'POST /api/mainData/bom/importData',
        'POST /api/project/importData',
        'POST /api/controlPlan/importData',
        'POST /api/project/baseline/verify',
        'POST /api/apRule/import',
        'POST /api/pfmeaProductFeature/importData',
      ]),
    );
  });
});
