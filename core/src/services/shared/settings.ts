import { eq } from 'drizzle-orm';
import { setting } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../db/client.ts';

export async function readSetting<T>(db: DbOrTx, key: string, fallback: T): Promise<T> {
  const row = await db.select({ value: setting.value }).from(setting).where(eq(setting.key, key)).get();
  return row ? ({ ...(fallback as object), ...(row.value as object) } as T) : fallback;
}

export async function writeSetting(db: DbOrTx, key: string, value: unknown): Promise<void> {
  await db
    .insert(setting)
    .values({ key, value })
    .onConflictDoUpdate({ target: setting.key, set: { value, updatedAt: new Date() } });
}
