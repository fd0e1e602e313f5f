/** A strong password that satisfies the default policy, for tests only. */
export const TEST_PASSWORD = 'Kx7#pQ2!mZ9$wR';
