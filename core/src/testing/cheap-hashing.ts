import { hashPasswordsCheaplyInTests } from '../services/shared/password-hash.ts';

// A vitest setup file of the node projects (vitest.config.ts): test users' passwords are hashed
// with argon2id at its least cost, never a shipped process's (see hashPasswordsCheaplyInTests).
hashPasswordsCheaplyInTests();
