import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client.ts';
import { createContext } from '../shared/context.ts';
import { verifyPassword } from '../shared/password-hash.ts';
import { findUserRow } from '../users/users.ts';
import { prepareDatabase } from './seed.ts';

describe('first start', () => {
  it('migrates, seeds, and generates an admin password once', async () => {
    const { db, close } = await openDatabase(':memory:');
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
    const { db, close } = await openDatabase(':memory:');
    await expect(prepareDatabase(db, createContext(db), { adminPassword: 'short' })).rejects.toMatchObject({ messageKey: 'user.password_invalid' });
    const result = await prepareDatabase(db, createContext(db), { adminPassword: 'Adm1n#Secure$X' });
    expect(result.generatedAdminPassword).toBeUndefined();
    expect((await findUserRow(db, 'admin')).mustChangePassword).toBe(false);
    close();
  });
});
