/**
 * The installation's key for secrets kept in the database (the OIDC client
 * secret; docs/domain/sso.md "Secrets at rest"): FMEA_SECRET_KEY when set
 * (a cluster's servers and the CLI must share it), else a key file made on
 * first use with mode 0600 beside the embedded database (FMEA_SECRET_KEY_FILE
 * names another place; a PostgreSQL installation without either uses
 * ./data/secret.key). An in-memory database gets a key for the process.
 * Whoever copies the database without the key cannot read the secrets.
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { InvalidInputError } from '../errors.ts';
import type { DatabaseLocation } from './client.ts';

let place: DatabaseLocation = { kind: 'memory' };
const keys = new Map<string, Buffer>();

/** openDatabase says where the process's database is: the key file lives beside it. */
export function noteDatabaseLocation(location: DatabaseLocation): void {
  place = location;
}

/** Where the key file is, or null for a key of this process only (an in-memory database). */
export function secretKeyFile(env: NodeJS.ProcessEnv = process.env): string | null {
  if (env.FMEA_SECRET_KEY_FILE) return resolve(env.FMEA_SECRET_KEY_FILE);
  if (place.kind === 'file') return join(dirname(place.path), 'secret.key');
  if (place.kind === 'server') return resolve('data', 'secret.key');
  return null;
}

/** Reads the key file, making it first (atomically: a second process never reads half a key). */
function keyFromFile(path: string): Buffer {
  if (!existsSync(path)) {
    mkdirSync(dirname(path), { recursive: true });
    const draft = `${path}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(draft, randomBytes(32).toString('base64') + '\n', { mode: 0o600 });
    try {
      linkSync(draft, path);
    } catch (e) {
      // another process made it first: use theirs
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    } finally {
      unlinkSync(draft);
    }
  }
  const key = Buffer.from(readFileSync(path, 'utf8').trim(), 'base64');
  if (key.length !== 32) throw new InvalidInputError('secret.key_file_invalid', { path });
  return key;
}

/** The 32-byte AES-256 key. */
export function installationKey(env: NodeJS.ProcessEnv = process.env): Buffer {
  const fromEnv = env.FMEA_SECRET_KEY;
  if (fromEnv) {
    // a passphrase of any form, long enough to be guessed by nobody; hashed to the key's length
    if (fromEnv.length < 32) throw new InvalidInputError('secret.key_too_short', { min: 32 });
    return createHash('sha256').update(fromEnv, 'utf8').digest();
  }
  const file = secretKeyFile(env) ?? ':process:';
  let key = keys.get(file);
  if (!key) {
    key = file === ':process:' ? randomBytes(32) : keyFromFile(file);
    keys.set(file, key);
  }
  return key;
}
