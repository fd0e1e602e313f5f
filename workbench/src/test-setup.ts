/**
 * For every workbench test: Testing Library's waitFor/findBy give up after
 * 1 s by default, which a busy machine can exceed while React renders. They
 * wait for a state, not for speed, so they get most of the test's own (generous) timeout.
 *
 * The project shares one module graph per worker (isolate: false), so each test starts
 * from empty storage and leaves no rendered tree behind for the next file.
 */
import { afterEach, beforeEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

configure({ asyncUtilTimeout: 20_000 });

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => cleanup());
