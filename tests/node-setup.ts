import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Once per run of the node project: a folder its worker processes share for templates built once per run
 * (`sharedTestTemplate` in core/src/testing: the demo dataset), named to them by FMEA_SHARED_TEMPLATE_DIR as
 * tests/postgres-setup.ts names its cluster (the workers start after this, with its environment).
 */
let dir: string | undefined;

export function setup(): void {
  dir = mkdtempSync(join(tmpdir(), 'fmea-shared-templates-'));
  process.env.FMEA_SHARED_TEMPLATE_DIR = dir;
}

export function teardown(): void {
  if (dir) rmSync(dir, { recursive: true, force: true });
}
