import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

/** The repository root, resolved from this file (tests run from the root or from tests/). */
export const REPO = fileURLToPath(new URL('../../../', import.meta.url)).replace(/\/$/, '');
export const WORKBENCH = join(REPO, 'workbench');
export const WORKBENCH_DIST = join(WORKBENCH, 'dist');
/** Screenshots of the main screens (gitignored): look at them after a run. */
export const ARTIFACTS = join(REPO, 'tests', 'artifacts');
