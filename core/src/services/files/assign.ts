import { eq } from 'drizzle-orm';
import { user } from '../../db/schema/index.ts';
import type { ServiceContext } from '../shared/context.ts';
import { writeAndLog } from '../shared/write.ts';
import { findUserRow } from '../users/users.ts';
import { setAppSettings, type AppSettings } from '../system/index.ts';
import { findFile } from './files.ts';

/** The public address of a logo (spec 000 §7: /replaceLogo/downloadFile?fileName). */
export function logoUrl(fileName: string): string {
  return `/api/replaceLogo/downloadFile?fileName=${encodeURIComponent(fileName)}`;
}

/** Makes an uploaded logo (kind logo) the system logo; the app settings keep its address as sysLogoUrl. */
export async function setLogo(ctx: ServiceContext, fileName: string): Promise<AppSettings> {
  const record = await findFile(ctx.db, fileName, { kind: 'logo' });
  return setAppSettings(ctx, { sysLogoUrl: logoUrl(record.id) });
}

/**
 * Makes an uploaded picture (kind image: jpg/png, 2 MB, any shape — the 1:1 rule of spec 000 §5 is the
 * logo's and the avatar's) the login page's or the home page's background; null removes it (issue #26).
 */
export async function setBackground(ctx: ServiceContext, which: 'login' | 'home', fileName: string | null): Promise<AppSettings> {
  const id = fileName === null ? null : (await findFile(ctx.db, fileName, { kind: 'image' })).id;
  return setAppSettings(ctx, which === 'login' ? { loginBackground: id } : { homeBackground: id });
}

/** Makes an uploaded avatar (kind avatar) the user's avatar; the user keeps the file id. */
export async function setAvatar(ctx: ServiceContext, userIdOrName: string, fileName: string): Promise<{ userId: string; avatar: string }> {
  const record = await findFile(ctx.db, fileName, { kind: 'avatar' });
  return writeAndLog(ctx, async (tx) => {
    const before = await findUserRow(tx, userIdOrName);
    await tx.update(user).set({ avatar: record.id }).where(eq(user.id, before.id));
    return {
      result: { userId: before.id, avatar: record.id },
      log: { action: 'user.avatar', entity: 'user', entityId: before.id, before: { avatar: before.avatar }, after: { avatar: record.id } },
    };
  });
}
