import { mkdtempSync, readdirSync, readFileSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { openTestDatabase, type TestDatabase } from '../../testing/index.ts';
import { file, operationLog, user } from '../../db/schema/index.ts';
import { translate, translateError } from '../../i18n/index.ts';
import type { DomainError } from '../../errors.ts';
import { readSheet, writeSheet } from '../shared/xlsx.ts';
import { getAppSettings } from '../system/index.ts';
import { USER_SHEET_COLUMNS } from '../users/user-xlsx.ts';
import { AP_RULE_COLUMNS } from '../rules/ap-rules-file.ts';
import { FILE_KINDS, FILE_LIMITS, MAX_FILES_PER_REQUEST } from './limits.ts';
import { assertFileCount, deleteFile, findFile, readStoredFile, sanitizeFileName, saveUpload, storedPath } from './files.ts';
import { logoUrl, setAvatar, setLogo } from './assign.ts';
import { buildImportTemplate, IMPORT_TEMPLATES } from './templates.ts';
import { jpeg, ole, padded, pdf, png, zip } from '../../testing/sample-files.ts';

const MB = 1024 * 1024;
let t: TestDatabase;
let filesDir: string;
let adminId: string;

beforeEach(async () => {
  t = await openTestDatabase();
  filesDir = mkdtempSync(join(tmpdir(), 'fmea-files-core-'));
  adminId = (await t.db.select().from(user).where(eq(user.userName, 'admin')).get())!.id;
});
afterEach(() => {
  t.dispose();
  rmSync(filesDir, { recursive: true, force: true });
});

const asAdmin = () => t.as({ userId: adminId, userName: 'admin', ip: '127.0.0.1' });
const upload = (kind: string, originalName: string, data: Uint8Array) => saveUpload(asAdmin(), { filesDir, kind, originalName, data });
const refusal = (promise: Promise<unknown>) => promise.then(
  () => {
    throw new Error('expected a refusal');
  },
  (error: DomainError) => ({ key: error.messageKey, params: error.params, en: translateError('en-US', error), zh: translateError('zh-CN', error) }),
);

describe('upload limits as data', () => {
  it('follows the spec: pictures 2M, avatar and logo 1M square, sheets 1M, BOM 3M, attachments 10M/25M, 5 per request', () => {
    expect(FILE_LIMITS.image).toEqual({ extensions: ['jpg', 'jpeg', 'png'], maxBytes: 2 * MB });
    expect(FILE_LIMITS.avatar).toMatchObject({ maxBytes: 1 * MB, square: true });
    expect(FILE_LIMITS.logo).toMatchObject({ maxBytes: 1 * MB, square: true });
    expect(FILE_LIMITS.spreadsheet).toEqual({ extensions: ['xls', 'xlsx'], maxBytes: 1 * MB });
    expect(FILE_LIMITS.bom.maxBytes).toBe(3 * MB);
    expect(FILE_LIMITS.attachment).toEqual({ extensions: ['xls', 'xlsx', 'doc', 'docx', 'pdf'], maxBytes: 10 * MB });
    expect(FILE_LIMITS.largeAttachment.maxBytes).toBe(25 * MB);
    expect(Object.keys(FILE_LIMITS).sort()).toEqual([...FILE_KINDS].sort());
    expect(MAX_FILES_PER_REQUEST).toBe(5);
  });

  it('refuses no file and a sixth file', () => {
    expect(() => assertFileCount(5)).not.toThrow();
    expect(() => assertFileCount(0)).toThrow(expect.objectContaining({ messageKey: 'files.none' }));
    expect(() => assertFileCount(6)).toThrow(expect.objectContaining({ messageKey: 'files.too_many', params: { max: 5 } }));
  });
});

describe('saveUpload', () => {
  it('stores the bytes under <filesDir>/<id[0..2]>/<id>, records them and logs the upload', async () => {
    const data = pdf('report');
    const saved = await upload('attachment', 'Report Q1.pdf', data);
    expect(saved).toMatchObject({ kind: 'attachment', originalName: 'Report Q1.pdf', mime: 'application/pdf', size: data.length, uploadedBy: adminId });
    expect(saved.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(saved.sha256).toMatch(/^[0-9a-f]{64}$/);
    const path = join(filesDir, saved.id.slice(0, 2), saved.id);
    expect(storedPath(filesDir, saved.id)).toBe(path);
    expect(new Uint8Array(readFileSync(path))).toEqual(data);
    const log = await t.db.select().from(operationLog).where(eq(operationLog.action, 'file.upload')).orderBy(operationLog.at, sql`rowid`).all();
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ userName: 'admin', entity: 'file', entityId: saved.id, ip: '127.0.0.1' });
    expect(log[0]!.after).toMatchObject({ kind: 'attachment', originalName: 'Report Q1.pdf', size: data.length });
  });

  it.each([
    ['image', 'photo.PNG', png(800, 600), 'image/png'],
    ['image', 'photo.jpeg', jpeg(800, 600), 'image/jpeg'],
    ['avatar', 'me.jpg', jpeg(256, 256), 'image/jpeg'],
    ['logo', 'logo.png', png(128, 128), 'image/png'],
    ['spreadsheet', 'users.xlsx', zip(), 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    ['bom', 'bom.xls', ole(), 'application/vnd.ms-excel'],
    ['attachment', 'spec.docx', zip(), 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    ['largeAttachment', 'old.doc', ole(), 'application/msword'],
  ])('accepts a %s named %s', async (kind, name, data, mime) => {
    expect(await upload(kind, name, data)).toMatchObject({ kind, originalName: name, mime });
  });

  it('keeps the client name as metadata only: path parts, control and bidi characters are dropped', async () => {
    const saved = await upload('attachment', '../../etc/passwd\u0000\u202e.pdf', pdf());
    expect(saved.originalName).toBe('passwd.pdf');
    expect(readdirSync(filesDir)).toEqual([saved.id.slice(0, 2)]);
    expect((await upload('attachment', 'C:\\Users\\x\\报告.pdf', pdf())).originalName).toBe('报告.pdf');
    expect(sanitizeFileName(`${'长'.repeat(300)}.pdf`)).toBe(`${'长'.repeat(196)}.pdf`);
    expect((await refusal(upload('attachment', '../..', pdf()))).key).toBe('files.name_invalid');
    expect((await refusal(upload('attachment', ' ', pdf()))).key).toBe('files.name_invalid');
  });

  it('refuses an extension outside the kind, naming the allowed types', async () => {
    const result = await refusal(upload('image', 'shell.php', png(1, 1)));
    expect(result).toMatchObject({ key: 'file.unsupported_type', en: 'Unsupported file type; use jpg, jpeg, png' });
    expect((await refusal(upload('spreadsheet', 'report.pdf', pdf()))).key).toBe('file.unsupported_type');
    expect((await refusal(upload('attachment', 'noextension', pdf()))).key).toBe('file.unsupported_type');
    expect((await refusal(upload('image', 'photo.png.exe', png(1, 1)))).key).toBe('file.unsupported_type');
  });

  it('accepts exactly the size limit and refuses one byte more', async () => {
    await upload('spreadsheet', 'a.xlsx', padded(zip(), MB));
    const over = await refusal(upload('spreadsheet', 'a.xlsx', padded(zip(), MB + 1)));
    expect(over).toMatchObject({ key: 'file.too_large', en: 'The file exceeds the size limit (1M)', zh: '文件超过大小限制（1M）' });
    await upload('bom', 'bom.xlsx', padded(zip(), 3 * MB));
    expect((await refusal(upload('image', 'big.png', padded(png(10, 10), 2 * MB + 1)))).en).toBe('The file exceeds the size limit (2M)');
    expect((await refusal(upload('attachment', 'big.pdf', padded(pdf(), 10 * MB + 1)))).en).toBe('The file exceeds the size limit (10M)');
    await upload('largeAttachment', 'big.pdf', padded(pdf(), 10 * MB + 1));
    expect((await refusal(upload('attachment', 'empty.pdf', new Uint8Array()))).key).toBe('files.empty');
  });

  it('refuses bytes that do not match the extension', async () => {
    const cases: [string, string, Uint8Array][] = [
      ['image', 'photo.jpg', png(10, 10)],
      ['image', 'photo.png', new TextEncoder().encode('<svg onload="alert(1)"/>')],
      ['spreadsheet', 'data.xlsx', ole()],
      ['spreadsheet', 'data.xls', zip()],
      ['attachment', 'doc.pdf', zip()],
      ['attachment', 'macro.docx', new TextEncoder().encode('MZ\x90\x00')],
    ];
    for (const [kind, name, data] of cases) {
      const result = await refusal(upload(kind, name, data));
      expect(result.key, name).toBe('files.content_mismatch');
    }
    expect((await refusal(upload('image', 'photo.jpg', png(1, 1)))).en).toBe('Wrong document format: the content is not a .jpg file');
  });

  it('wants square avatars and logos, reading the size from the header', async () => {
    const result = await refusal(upload('avatar', 'me.png', png(200, 100)));
    expect(result).toMatchObject({ key: 'files.not_square', en: 'The picture must be square (1:1); this one is 200 × 100', zh: '图片比例须为 1:1，当前为 200 × 100' });
    expect((await refusal(upload('logo', 'logo.jpg', jpeg(300, 299)))).key).toBe('files.not_square');
    expect((await refusal(upload('logo', 'logo.jpg', new Uint8Array([0xff, 0xd8, 0xff, 0xda, 0, 2])))).key).toBe('files.image_unreadable');
    expect((await upload('image', 'wide.png', png(1920, 1080))).kind).toBe('image');
  });

  it('refuses an unknown kind', async () => {
    expect((await refusal(upload('executable', 'a.pdf', pdf()))).en).toBe('Unknown upload kind: executable');
  });

  it('removes the bytes again when the record cannot be written', async () => {
    const ghost = t.as({ userId: 'no-such-user', userName: 'ghost' });
    await expect(saveUpload(ghost, { filesDir, kind: 'attachment', originalName: 'a.pdf', data: pdf() })).rejects.toThrow();
    const leftovers = readdirSync(filesDir).flatMap((dir) => readdirSync(join(filesDir, dir)));
    expect(leftovers).toEqual([]);
    expect(await t.db.select().from(file).all()).toEqual([]);
  });
});

describe('finding and reading stored files', () => {
  it('streams the stored bytes back', async () => {
    const saved = await upload('image', 'p.png', png(4, 4));
    const record = await findFile(t.db, saved.id);
    const { size, stream } = await readStoredFile(filesDir, record);
    expect(size).toBe(saved.size);
    expect(new Uint8Array(await new Response(stream).arrayBuffer())).toEqual(png(4, 4));
  });

  it.each(['../../etc/passwd', '..%2F..%2Fetc%2Fpasswd', '/etc/passwd', '..\\..\\windows\\win.ini', 'passwd', '', 'x'.repeat(36), '../../../../../../../../etc/passwd/..'])(
    'refuses the file name %j before touching the disk',
    async (name) => {
      const result = await refusal(findFile(t.db, name));
      expect(result).toMatchObject({ key: 'files.file_name_invalid', en: 'Invalid file name' });
      expect(() => storedPath(filesDir, name)).toThrow(expect.objectContaining({ messageKey: 'files.file_name_invalid' }));
    },
  );

  it('says "not found" for an unknown id, a file of another kind, and a record whose bytes are gone', async () => {
    expect((await refusal(findFile(t.db, '00000000-0000-4000-8000-000000000000'))).en).toBe('The file does not exist');
    const attachment = await upload('attachment', 'a.pdf', pdf());
    expect((await refusal(findFile(t.db, attachment.id, { kind: 'logo' }))).key).toBe('files.not_found');
    rmSync(storedPath(filesDir, attachment.id));
    expect((await refusal(readStoredFile(filesDir, attachment))).key).toBe('files.not_found');
    expect((await refusal(readStoredFile(filesDir, { id: '../../etc/passwd' }))).key).toBe('files.file_name_invalid');
  });

  it('deletes the record and the bytes, and logs it', async () => {
    const saved = await upload('attachment', 'a.pdf', pdf());
    await deleteFile(asAdmin(), { filesDir, fileName: saved.id });
    expect(existsSync(storedPath(filesDir, saved.id))).toBe(false);
    expect((await refusal(findFile(t.db, saved.id))).key).toBe('files.not_found');
    expect(await t.db.select().from(operationLog).where(eq(operationLog.action, 'file.delete')).orderBy(operationLog.at, sql`rowid`).all()).toHaveLength(1);
  });
});

describe('logo and avatar', () => {
  it('makes an uploaded logo the system logo, by its public address', async () => {
    const logo = await upload('logo', 'logo.png', png(64, 64));
    const settings = await setLogo(asAdmin(), logo.id);
    expect(settings.sysLogoUrl).toBe(`/api/replaceLogo/downloadFile?fileName=${logo.id}`);
    expect(logoUrl(logo.id)).toBe(settings.sysLogoUrl);
    expect((await getAppSettings(t.db)).sysLogoUrl).toBe(settings.sysLogoUrl);
    const picture = await upload('image', 'p.png', png(64, 64));
    expect((await refusal(setLogo(asAdmin(), picture.id))).key).toBe('files.not_found');
  });

  it("sets a user's avatar to an uploaded avatar, logged with before and after", async () => {
    const avatar = await upload('avatar', 'me.png', png(64, 64));
    expect(await setAvatar(asAdmin(), 'admin', avatar.id)).toEqual({ userId: adminId, avatar: avatar.id });
    expect((await t.db.select().from(user).where(eq(user.id, adminId)).get())!.avatar).toBe(avatar.id);
    const [log] = await t.db.select().from(operationLog).where(eq(operationLog.action, 'user.avatar')).orderBy(operationLog.at, sql`rowid`).all();
    expect(log).toMatchObject({ entityId: adminId, before: { avatar: null }, after: { avatar: avatar.id } });
    const logo = await upload('logo', 'logo.png', png(64, 64));
    expect((await refusal(setAvatar(asAdmin(), 'admin', logo.id))).key).toBe('files.not_found');
  });
});

describe('import templates', () => {
  it('builds each whitelisted template from the import columns, header row only', async () => {
    expect([...IMPORT_TEMPLATES.keys()]).toEqual(['user', 'dictionary', 'apRule']);
    const users = await buildImportTemplate('user');
    expect(users.fileName).toBe('user-import-template.xlsx');
    expect((await readSheet(users.data, USER_SHEET_COLUMNS)).rows).toEqual([]);
    const rules = await buildImportTemplate('apRule');
    const filled = await writeSheet('x', AP_RULE_COLUMNS, [{ ruleType: 'SOD', ap: 'H' }]);
    expect((await readSheet(rules.data, AP_RULE_COLUMNS)).rows.length).toBe(0);
    expect((await readSheet(filled, AP_RULE_COLUMNS)).rows.length).toBe(1);
  });

  it.each(['../../etc/passwd', '__proto__', 'constructor', 'toString', 'User', ''])('knows no template named %j', async (name) => {
    expect((await refusal(buildImportTemplate(name))).key).toBe('files.template_not_found');
  });
});

describe('messages', () => {
  it('translates every files.* key in both languages', () => {
    for (const key of ['files.none', 'files.too_many', 'files.empty', 'files.content_mismatch', 'files.not_square', 'files.not_found', 'files.file_name_invalid', 'files.template_not_found']) {
      expect(translate('en-US', key, { max: 5, extension: 'pdf', width: 1, height: 2, name: 'x' })).not.toBe(key);
      expect(translate('zh-CN', key, { max: 5, extension: 'pdf', width: 1, height: 2, name: 'x' })).not.toBe(key);
    }
  });
});
