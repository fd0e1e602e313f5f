/**
 * Secrets kept in the database, sealed with AES-256-GCM under the
 * installation's key (db/secret-key.ts): `enc:v1:` + base64url of the
 * 12-byte nonce, the 16-byte tag and the ciphertext. The purpose is bound
 * as associated data, so a sealed value cannot be moved to another field.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { installationKey } from '../../db/secret-key.ts';

const PREFIX = 'enc:v1:';

export const isSealed = (value: string) => value.startsWith(PREFIX);

export function seal(plain: string, purpose: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', installationKey(), iv);
  cipher.setAAD(Buffer.from(purpose, 'utf8'));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

/**
 * The plain text of a sealed value; undefined when it cannot be opened (the
 * key changed or was lost). A value stored before sealing existed is answered as is.
 */
export function unseal(stored: string, purpose: string): string | undefined {
  if (!isSealed(stored)) return stored;
  // a key that is wrongly configured is the operator's to hear about, not a secret to forget
  const key = installationKey();
  try {
    const raw = Buffer.from(stored.slice(PREFIX.length), 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
    decipher.setAAD(Buffer.from(purpose, 'utf8'));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return undefined;
  }
}
