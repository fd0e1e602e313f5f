import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { dictionary, user } from '../../db/schema/index.ts';
import { findDictionaryType, listDictionaryItems, saveDictionaryItem } from '../dictionaries/dictionaries.ts';
import { openEmptyDatabase } from '../../testing/index.ts';
import { createContext } from '../shared/context.ts';
import { verifyPassword } from '../shared/password-hash.ts';
import { findUserRow } from '../users/users.ts';
import { prepareDatabase } from './seed.ts';

describe('first start', () => {
  it('migrates, seeds, and generates an admin password once', async () => {
    const { db, close } = await openEmptyDatabase();
    const ctx = createContext(db);
    const first = await prepareDatabase(db, ctx);
    expect(first.adminCreated).toBe(true);
    const admin = await findUserRow(db, 'admin');
    expect(await verifyPassword(admin.passwordHash, first.generatedAdminPassword!)).toBe(true);
    expect(admin.mustChangePassword).toBe(true);
    const again = await prepareDatabase(db, ctx);
    expect(again).toEqual({ adminCreated: false });
    close();
  });

  it('uses ADMIN_PASSWORD when given, and refuses one that breaks the policy', async () => {
    const { db, close } = await openEmptyDatabase();
    await expect(prepareDatabase(db, createContext(db), { adminPassword: 'short' })).rejects.toMatchObject({ messageKey: 'user.password_invalid' });
    const result = await prepareDatabase(db, createContext(db), { adminPassword: 'Adm1n#Secure$X' });
    expect(result.generatedAdminPassword).toBeUndefined();
    expect((await findUserRow(db, 'admin')).mustChangePassword).toBe(false);
    close();
  });
});

describe('the built-in administrator', () => {
  it('is named in both languages, also on a database seeded before it had an English name; a name an administrator gave stays', async () => {
    const { db, close } = await openEmptyDatabase();
    const ctx = createContext(db);
    await prepareDatabase(db, ctx, { adminPassword: 'Adm1n#Secure$X' });
    expect(await findUserRow(db, 'admin')).toMatchObject({ realName: '系统管理员', realNameEn: 'System administrator' });
    // an older database: no English name yet
    await db.update(user).set({ realNameEn: '' }).where(eq(user.userName, 'admin'));
    await prepareDatabase(db, ctx);
    expect((await findUserRow(db, 'admin')).realNameEn).toBe('System administrator');
    await db.update(user).set({ realNameEn: 'Plant IT' }).where(eq(user.userName, 'admin'));
    await prepareDatabase(db, ctx);
    expect((await findUserRow(db, 'admin')).realNameEn).toBe('Plant IT');
    close();
  });
});

describe('built-in dictionaries', () => {
  it('give every seeded type and item an English name with no Chinese in it', async () => {
    const { db, close } = await openEmptyDatabase();
    await prepareDatabase(db, createContext(db));
    const rows = await db.select().from(dictionary);
    expect(rows.length).toBeGreaterThan(40);
    for (const row of rows) {
      expect(row.enName, `${row.code} ${row.name}`).not.toBe('');
      expect(row.enName, `${row.code} ${row.name}`).not.toMatch(/[\u3400-\u9fff]/);
    }
    close();
  });

  it('fill in the missing English names of built-in items on an existing database, and only of those', async () => {
    const { db, close } = await openEmptyDatabase();
    const ctx = createContext(db);
    await prepareDatabase(db, ctx);
    // a database seeded before the English names: blank names, one built-in item renamed by an admin, one item an admin added
    await db.update(dictionary).set({ enName: '' });
    const stages = await findDictionaryType(db, 'projectStage');
    await db.update(dictionary).set({ name: '试制' }).where(and(eq(dictionary.parentId, stages.id), eq(dictionary.code, '2')));
    await saveDictionaryItem(ctx, { parentId: stages.id, code: '9', name: '停产', sort: 9 });
    await prepareDatabase(db, ctx);
    const named = async (type: string) => (await listDictionaryItems(ctx, type)).map((i) => [i.code, i.name, i.enName]);
    expect(await named('projectStage')).toEqual([
      ['1', '概念', 'Concept'],
      ['2', '试制', ''],
      ['3', 'B样', 'B sample'],
      ['4', 'C样', 'C sample'],
      ['5', '量产', 'Series production'],
      ['9', '停产', ''],
    ]);
    expect((await findDictionaryType(db, 'secrecyGrade')).enName).toBe('Secrecy grade');
    expect((await named('secrecyGrade')).map(([, , en]) => en)).toEqual(['Public', 'Internal', 'Confidential', 'Secret']);
    close();
  });

  it('never replace an English name an admin chose', async () => {
    const { db, close } = await openEmptyDatabase();
    const ctx = createContext(db);
    await prepareDatabase(db, ctx);
    const grades = await findDictionaryType(db, 'secrecyGrade');
    await db.update(dictionary).set({ enName: 'Open' }).where(and(eq(dictionary.parentId, grades.id), eq(dictionary.code, '1')));
    await prepareDatabase(db, ctx);
    expect((await listDictionaryItems(ctx, 'secrecyGrade'))[0]!.enName).toBe('Open');
    close();
  });
});
