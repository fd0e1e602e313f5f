import { hash, verify, type Options } from '@node-rs/argon2';

/** argon2id (the library's default algorithm) at the library's default cost, written out: 19 MiB, 2 passes, 1 lane (~18 ms here). */
export const PASSWORD_HASH_COST = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

let cost: Options = PASSWORD_HASH_COST;

export function hashPassword(password: string): Promise<string> {
  return hash(password, cost);
}

/**
 * Tests only: argon2id at its least cost from now on in this process. The
 * node test projects call it in a setup file (core/src/testing/cheap-hashing.ts),
 * as the ~2,000 users a run creates and signs in would otherwise spend a fifth
 * of the API tests' CPU in argon2. Verifying reads the cost from each hash, so
 * hashes of either cost verify. Shipped code never calls it
 * (tests/contract/test-support.test.ts).
 */
export function hashPasswordsCheaplyInTests(): void {
  cost = { memoryCost: 8, timeCost: 1, parallelism: 1 };
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
