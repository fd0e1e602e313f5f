import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { readSheet, schema, USER_SHEET_COLUMNS, DICTIONARY_SHEET_COLUMNS, AP_RULE_COLUMNS } from '@fmea/core';
import { openTestApp, plainEngineer, type TestApp } from '../../testing.ts';
import { jpeg, ole, padded, pdf, png, zip } from '@fmea/core/testing';
import { contentDisposition } from '../../http/files.ts';

// uploads of several megabytes: leave room on a busy machine
vi.setConfig({ testTimeout: 30_000, hookTimeout: 30_000 });

const MB = 1024 * 1024;
let api: TestApp;
beforeEach(async () => {
  api = await openTestApp();
});
afterEach(() => api.dispose());

type Part = [name: string, data: Uint8Array];
function form(fields: Record<string, Part | Part[] | string>): FormData {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (typeof value === 'string') body.append(key, value);
    else for (const [name, data] of (Array.isArray(value[0]) ? value : [value]) as Part[]) body.append(key, new File([Buffer.from(data)], name));
  }
  return body;
}

const upload = (path: string, token: string | undefined, fields: Record<string, Part | Part[] | string>, lang = 'en-US') =>
  api.call('POST', path, { token, lang, raw: form(fields) });

async function download(path: string, token?: string) {
  const res = await api.app.request(path, { headers: token ? { token, lang: 'en-US' } : { lang: 'en-US' } });
  const bytes = new Uint8Array(await res.arrayBuffer());
  return { res, bytes, json: () => JSON.parse(new TextDecoder().decode(bytes)) };
}

const fileCount = async () => (await api.t.db.select().from(schema.file).all()).length;

describe('POST /api/fileOperate/uploadSingleFile', () => {
  it('stores a file under a generated id and gives it back by that id with its type and name', async () => {
    const token = await api.adminToken();
    const data = pdf('quality report');
    const res = await upload('/api/fileOperate/uploadSingleFile', token, { file: ['质量报告 "final".pdf', data] });
    expect(res.status).toBe(200);
    const info = res.body.data;
    expect(info).toEqual({
      fileName: expect.stringMatching(/^[0-9a-f-]{36}$/),
      originalName: '质量报告 "final".pdf',
      kind: 'attachment',
      size: data.length,
      mime: 'application/pdf',
      url: `/api/fileOperate/downloadFile?fileName=${info.fileName}`,
    });
    const { res: got, bytes } = await download(`${info.url}&timestamp=1718000000000`, token);
    expect(got.status).toBe(200);
    expect(bytes).toEqual(data);
    expect(got.headers.get('content-type')).toBe('application/pdf');
    expect(got.headers.get('content-length')).toBe(String(data.length));
    expect(got.headers.get('content-disposition')).toBe(`attachment; filename="____ _final_.pdf"; filename*=UTF-8''${encodeURIComponent('质量报告 "final".pdf')}`);
    expect(got.headers.get('x-content-type-options')).toBe('nosniff');
    expect(got.headers.get('content-security-policy')).toContain('sandbox');
    const log = await api.t.db.select().from(schema.operationLog).where(eq(schema.operationLog.action, 'file.upload')).all();
    expect(log).toMatchObject([{ userName: 'admin', entityId: info.fileName }]);
  });

  it('needs a signed-in user, for uploads and downloads alike', async () => {
    const res = await upload('/api/fileOperate/uploadSingleFile', undefined, { file: ['a.pdf', pdf()] });
    expect(res.status).toBe(401);
    expect(res.body.meta).toMatchObject({ success: false, code: 401, message: 'Not signed in or the session has expired; please sign in again' });
    const token = await api.adminToken();
    const saved = (await upload('/api/fileOperate/uploadSingleFile', token, { file: ['a.pdf', pdf()] })).body.data;
    expect((await download(saved.url)).res.status).toBe(401);
  });

  it('applies the limits of the chosen kind, in the caller’s language', async () => {
    const token = await api.adminToken();
    const wrongType = await upload('/api/fileOperate/uploadSingleFile', token, { file: ['a.pdf', pdf()], kind: 'spreadsheet' });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.meta.message).toBe('Unsupported file type; use xls, xlsx');
    const zh = await upload('/api/fileOperate/uploadSingleFile', token, { file: ['a.xlsx', padded(zip(), MB + 1)], kind: 'spreadsheet' }, 'zh-CN');
    expect(zh.body.meta).toMatchObject({ success: false, code: 400, message: '文件超过大小限制（1M）' });
    const bom = await upload('/api/fileOperate/uploadSingleFile', token, { file: ['bom.xlsx', padded(zip(), MB + 1)], kind: 'bom' });
    expect(bom.body.data).toMatchObject({ kind: 'bom', size: MB + 1 });
    const big = await upload('/api/fileOperate/uploadSingleFile', token, { file: ['big.pdf', padded(pdf(), 10 * MB + 1)] });
    expect(big.body.meta.message).toBe('The file exceeds the size limit (10M)');
    const large = await upload('/api/fileOperate/uploadSingleFile', token, { file: ['big.pdf', padded(pdf(), 10 * MB + 1)], kind: 'largeAttachment' });
    expect(large.status).toBe(200);
  });

  it('refuses content that does not match the extension', async () => {
    const token = await api.adminToken();
    const html = new TextEncoder().encode('<html><script>alert(document.cookie)</script></html>');
    const res = await upload('/api/fileOperate/uploadSingleFile', token, { file: ['invoice.pdf', html] });
    expect(res.status).toBe(400);
    expect(res.body.meta.message).toBe('Wrong document format: the content is not a .pdf file');
    expect((await upload('/api/fileOperate/uploadSingleFile', token, { file: ['sheet.xls', zip()] })).status).toBe(400);
    expect((await upload('/api/fileOperate/uploadSingleFile', token, { file: ['sheet.xls', ole()] })).status).toBe(200);
    expect(await fileCount()).toBe(1);
  });

  it('does not let a logo or an avatar be uploaded on the side (logos are public)', async () => {
    const token = await api.adminToken();
    const res = await upload('/api/fileOperate/uploadSingleFile', token, { file: ['logo.png', png(10, 10)], kind: 'logo' });
    expect(res.status).toBe(400);
    expect(res.body.data.issues.map((i: { field: string }) => i.field)).toEqual(['kind']);
  });

  it('asks for the file field', async () => {
    const token = await api.adminToken();
    const res = await upload('/api/fileOperate/uploadSingleFile', token, { kind: 'attachment' });
    expect(res.status).toBe(400);
    expect(res.body.data.issues.map((i: { field: string }) => i.field)).toEqual(['file']);
    const text = await upload('/api/fileOperate/uploadSingleFile', token, { file: 'not a file' });
    expect(text.status).toBe(400);
  });
});

describe('POST /api/fileOperate/uploadFiles', () => {
  it('stores up to five files', async () => {
    const token = await api.adminToken();
    const parts: Part[] = [['a.pdf', pdf('a')], ['b.docx', zip()], ['c.xls', ole()], ['d.xlsx', zip()], ['e.doc', ole()]];
    const res = await upload('/api/fileOperate/uploadFiles', token, { files: parts });
    expect(res.status).toBe(200);
    expect(res.body.data.map((f: { originalName: string }) => f.originalName)).toEqual(['a.pdf', 'b.docx', 'c.xls', 'd.xlsx', 'e.doc']);
    const one = await upload('/api/fileOperate/uploadFiles', token, { files: ['only.pdf', pdf()] });
    expect(one.body.data).toHaveLength(1);
  });

  it('refuses a sixth file', async () => {
    const token = await api.adminToken();
    const parts: Part[] = Array.from({ length: 6 }, (_, i) => [`f${i}.pdf`, pdf()]);
    const res = await upload('/api/fileOperate/uploadFiles', token, { files: parts });
    expect(res.status).toBe(400);
    expect(res.body.meta.message).toBe('At most 5 files can be uploaded at once');
    expect(await fileCount()).toBe(0);
  });

  it('stores nothing when one of the files is refused', async () => {
    const token = await api.adminToken();
    const res = await upload('/api/fileOperate/uploadFiles', token, { files: [['good.pdf', pdf()], ['evil.docx', pdf()]] });
    expect(res.status).toBe(400);
    expect(res.body.meta.message).toBe('Wrong document format: the content is not a .docx file');
    expect(await fileCount()).toBe(0);
  });
});

describe('pictures: FMEA images, avatar and logo', () => {
  it('takes jpg and png pictures for FMEA nodes, of any shape, up to 2M', async () => {
    const token = await api.adminToken();
    const res = await upload('/api/fileOperate/uploadFmeaImg', token, { file: ['node.jpg', jpeg(1920, 1080)] });
    expect(res.body.data).toMatchObject({ kind: 'image', mime: 'image/jpeg' });
    const { res: got } = await download(res.body.data.url, token);
    expect(got.headers.get('content-disposition')).toMatch(/^inline; /);
    expect((await upload('/api/fileOperate/uploadFmeaImg', token, { file: ['node.pdf', pdf()] })).body.meta.message).toBe('Unsupported file type; use jpg, jpeg, png');
    expect((await upload('/api/fileOperate/uploadFmeaImg', token, { file: ['big.png', padded(png(10, 10), 2 * MB + 1)] })).status).toBe(400);
  });

  it('serves an upload attached to nothing to its uploader only: to anyone else it does not exist', async () => {
    const { token: mine } = await plainEngineer(api);
    const { token: theirs } = await plainEngineer(api);
    const saved = (await upload('/api/fileOperate/uploadFmeaImg', mine, { file: ['node.png', png(10, 10)] })).body.data;
    expect((await download(saved.url, mine)).res.status).toBe(200);
    const other = await download(saved.url, theirs);
    expect(other.res.status).toBe(404);
    expect(other.json().meta.message).toBe('The file does not exist');
    expect((await download(saved.url, await api.adminToken())).res.status).toBe(200);
  });

  it("sets the caller's own avatar from a square picture", async () => {
    const { token } = await plainEngineer(api);
    const res = await upload('/api/user/updateUserImg', token, { file: ['me.png', png(200, 200)] });
    expect(res.status).toBe(200);
    expect(res.body.data.avatar).toBe(res.body.data.fileName);
    expect((await api.call('GET', '/api/user/info', { token })).body.data.avatar).toBe(res.body.data.fileName);
    const wide = await upload('/api/user/updateUserImg', token, { file: ['me.png', png(200, 100)] });
    expect(wide.body.meta.message).toBe('The picture must be square (1:1); this one is 200 × 100');
    const big = await upload('/api/user/updateUserImg', token, { file: ['me.png', padded(png(2000, 2000), MB + 1)] }, 'zh-CN');
    expect(big.body.meta.message).toBe('文件超过大小限制（1M）');
  });

  it('replaces the logo for system_app editors only, and serves it publicly', async () => {
    const admin = await api.adminToken();
    const { token: eng } = await plainEngineer(api);
    const refused = await upload('/api/replaceLogo/replaceClientLogo', eng, { file: ['logo.png', png(64, 64)] });
    expect(refused.status).toBe(403);
    expect(refused.body.meta.message).toBe('You do not have permission to do this');
    const res = await upload('/api/replaceLogo/replaceClientLogo', admin, { file: ['logo.png', png(64, 64)] });
    expect(res.status).toBe(200);
    const { fileName, sysLogoUrl } = res.body.data;
    expect(sysLogoUrl).toBe(`/api/replaceLogo/downloadFile?fileName=${fileName}`);
    expect(res.body.data.url).toBe(sysLogoUrl);
    const { res: got, bytes } = await download(sysLogoUrl);
    expect(got.status).toBe(200);
    expect(bytes).toEqual(png(64, 64));
    expect(got.headers.get('content-type')).toBe('image/png');
    expect(got.headers.get('cache-control')).toContain('public');
    expect((await upload('/api/replaceLogo/replaceClientLogo', admin, { file: ['logo.jpg', jpeg(64, 32)] })).status).toBe(400);
  });

  it('serves nothing but logos without a session', async () => {
    const token = await api.adminToken();
    const attachment = (await upload('/api/fileOperate/uploadSingleFile', token, { file: ['secret.pdf', pdf('secret')] })).body.data;
    const { res, json } = await download(`/api/replaceLogo/downloadFile?fileName=${attachment.fileName}`);
    expect(res.status).toBe(404);
    expect(json().meta).toMatchObject({ success: false, message: 'The file does not exist' });
  });
});

describe('downloads refuse anything but a stored id', () => {
  const attempts = [
    '../../etc/passwd',
    '..%2F..%2Fetc%2Fpasswd',
    '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
    '..%252F..%252Fetc%252Fpasswd',
    '/etc/passwd',
    '%2Fetc%2Fpasswd',
    '..\\..\\windows\\win.ini',
    '..%5C..%5Cwindows%5Cwin.ini',
    'C:%5Cwindows%5Cwin.ini',
    '00000000-0000-4000-8000-000000000000%00.png',
    '----------------------------------..',
    '00000000-0000-4000-8000-000000000000',
    '',
  ];
  it.each(attempts)('answers %j with an envelope and never a file', async (name) => {
    const token = await api.adminToken();
    for (const path of [`/api/fileOperate/downloadFile?fileName=${name}`, `/api/replaceLogo/downloadFile?fileName=${name}`]) {
      const { res, bytes, json } = await download(path, token);
      expect([400, 404]).toContain(res.status);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(json().meta.success).toBe(false);
      expect(new TextDecoder().decode(bytes)).not.toMatch(/root:|\[fonts\]/);
    }
  });

  it('answers 404 when the record exists but the bytes are gone', async () => {
    const token = await api.adminToken();
    const saved = (await upload('/api/fileOperate/uploadSingleFile', token, { file: ['a.pdf', pdf()] })).body.data;
    const { rmSync } = await import('node:fs');
    rmSync(`${api.services.filesDir}/${saved.fileName.slice(0, 2)}/${saved.fileName}`);
    expect((await download(saved.url, token)).res.status).toBe(404);
  });
});

describe('GET /api/fileOperate/downloadImportTemp', () => {
  it.each([
    ['user', 'user-import-template.xlsx', USER_SHEET_COLUMNS],
    ['dictionary', 'dictionary-import-template.xlsx', DICTIONARY_SHEET_COLUMNS],
    ['apRule', 'ap-rule-import-template.xlsx', AP_RULE_COLUMNS],
  ] as const)('generates the %s template from the import columns', async (tempName, fileName, columns) => {
    const token = await api.adminToken();
    const { res, bytes } = await download(`/api/fileOperate/downloadImportTemp?tempName=${tempName}&timestamp=1`, token);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${fileName}"; filename*=UTF-8''${fileName}`);
    expect(await readSheet(bytes, columns)).toEqual({ rows: [], unmapped: [] });
  });

  it('uses the requested download name, sanitised', async () => {
    const token = await api.adminToken();
    const { res } = await download(`/api/fileOperate/downloadImportTemp?tempName=user&fileName=${encodeURIComponent('../用户导入')}`, token);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="____.xlsx"; filename*=UTF-8''${encodeURIComponent('用户导入.xlsx')}`);
  });

  it.each(['../../etc/passwd', 'users', '__proto__', 'constructor', '', 'USER'])('knows no template %j', async (tempName) => {
    const token = await api.adminToken();
    const { res, json } = await download(`/api/fileOperate/downloadImportTemp?tempName=${encodeURIComponent(tempName)}`, token);
    expect(res.status).toBe(404);
    expect(json().meta.success).toBe(false);
  });

  it('needs a session', async () => {
    expect((await download('/api/fileOperate/downloadImportTemp?tempName=user')).res.status).toBe(401);
  });
});

describe('contentDisposition', () => {
  it('gives an ASCII fallback and the exact UTF-8 name', () => {
    expect(contentDisposition('report.pdf')).toBe(`attachment; filename="report.pdf"; filename*=UTF-8''report.pdf`);
    expect(contentDisposition("it's (1)*.pdf")).toBe(`attachment; filename="it's (1)*.pdf"; filename*=UTF-8''it%27s%20%281%29%2A.pdf`);
    expect(contentDisposition('a"b;c%d\\e\r\nSet-Cookie: x=1.pdf')).toBe(`attachment; filename="a_b_c_deSet-Cookie: x=1.pdf"; filename*=UTF-8''a%22b%3Bc%25deSet-Cookie%3A%20x%3D1.pdf`);
    expect(contentDisposition('')).toBe(`attachment; filename="download"; filename*=UTF-8''download`);
  });
});
