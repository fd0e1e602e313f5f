import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pdf, zip } from '@fmea/core/testing';
import { engineerToken, expectRefused, lastLogged, openTestApp, signInWith, type TestApp } from '../../testing.ts';

let api: TestApp;
let admin: string;
beforeEach(async () => {
  api = await openTestApp();
  admin = await api.adminToken();
});
afterEach(() => api.dispose());

const uploadAs = async (token: string, name: string, data: Uint8Array) => {
  const raw = new FormData();
  raw.append('file', new File([Buffer.from(data)], name));
  raw.append('kind', 'attachment');
  return (await api.call('POST', '/api/fileOperate/uploadSingleFile', { token, raw })).body.data.fileName as string;
};
const download = (fileName: string, token: string) => api.app.request(`/api/fileOperate/downloadFile?fileName=${fileName}`, { headers: { token } });

describe('the working manual', () => {
  it('is read by every signed-in user and changed only with system_manual edit', async () => {
    const engineer = await engineerToken(api);
    await expectRefused(api, { method: 'POST', path: '/api/manual/save', body: { text: 'x' } }, engineer);
    await expectRefused(api, { method: 'GET', path: '/api/manual/get' });
    expect((await api.call('GET', '/api/manual/get', { token: engineer })).body.data).toEqual({ text: '', pdfFileId: null, pdfName: null });
    const editor = await signInWith(api, 'editor', [{ routeName: 'system_manual', buttons: ['edit'] }]);
    const text = '# Start\n<script>alert(1)</script>\n- one';
    expect((await api.call('POST', '/api/manual/save', { token: editor, body: { text } })).status).toBe(200);
    // stored as sent: the workbench renders it as text, never as HTML
    expect((await api.call('GET', '/api/manual/get', { token: engineer })).body.data.text).toBe(text);
    expect(await lastLogged(api, admin, 'settings.manual')).toMatchObject({ before: { text: '' }, after: { text } });
  });

  it('serves its PDF to every signed-in user once it is the manual, and refuses a non-PDF or too long a text', async () => {
    const engineer = await engineerToken(api);
    const id = await uploadAs(admin, 'manual.pdf', pdf());
    expect((await download(id, engineer)).status).toBe(404); // attached to nothing yet: its uploader's only
    const saved = await api.call('POST', '/api/manual/save', { token: admin, body: { pdfFileId: id } });
    expect(saved.body.data).toMatchObject({ pdfFileId: id, pdfName: 'manual.pdf', text: '' });
    expect((await download(id, engineer)).status).toBe(200);

    const sheet = await uploadAs(admin, 'a.xlsx', zip());
    const notPdf = await api.call('POST', '/api/manual/save', { token: admin, body: { pdfFileId: sheet }, lang: 'en-US' });
    expect([notPdf.status, notPdf.body.meta.message]).toEqual([400, 'The working manual must be a PDF file']);
    const long = await api.call('POST', '/api/manual/save', { token: admin, body: { text: 'x'.repeat(20_001) }, lang: 'en-US' });
    expect(long.status).toBe(400);
    expect(long.body.meta.message).toContain('Text can be at most 20000');
    expect((await api.call('GET', '/api/manual/get', { token: engineer })).body.data.pdfFileId).toBe(id);

    await api.call('POST', '/api/manual/save', { token: admin, body: { pdfFileId: null } });
    expect((await download(id, engineer)).status).toBe(404);
  });
});
