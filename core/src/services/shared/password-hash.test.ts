import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { hashPassword, PASSWORD_HASH_COST, verifyPassword } from './password-hash.ts';

const MODULE = fileURLToPath(new URL('./password-hash.ts', import.meta.url));

/** A hash made by a process that is not a test run (no vitest setup file): what a server stores. */
function shippedHash(password: string): Promise<string> {
  const script = `const { hashPassword } = await import(${JSON.stringify(MODULE)}); process.stdout.write(await hashPassword(${JSON.stringify(password)}));`;
  return new Promise((resolve, reject) => {
    execFile(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], (error, stdout, stderr) => (error ? reject(new Error(stderr || error.message)) : resolve(stdout)));
  });
}

describe('password hashes', () => {
  it('are argon2id at the library’s default cost outside tests', async () => {
    const { memoryCost, timeCost, parallelism } = PASSWORD_HASH_COST;
    const stored = await shippedHash('Kx7#pQ2!mZ9$wR');
    expect(stored).toMatch(new RegExp(`^\\$argon2id\\$v=19\\$m=${memoryCost},t=${timeCost},p=${parallelism}\\$`));
    expect([memoryCost, timeCost, parallelism]).toEqual([19_456, 2, 1]);
    expect(await verifyPassword(stored, 'Kx7#pQ2!mZ9$wR')).toBe(true);
    expect(await verifyPassword(stored, 'Kx7#pQ2!mZ9$wr')).toBe(false);
  });

  it('are argon2id at its least cost in the node test projects (their setup file), and verify alike', async () => {
    const cheap = await hashPassword('Kx7#pQ2!mZ9$wR');
    expect(cheap).toMatch(/^\$argon2id\$v=19\$m=8,t=1,p=1\$/);
    expect(await verifyPassword(cheap, 'Kx7#pQ2!mZ9$wR')).toBe(true);
    expect(await verifyPassword(cheap, 'wrong')).toBe(false);
  });
});
