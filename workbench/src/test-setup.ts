/**
 * For every workbench test: Testing Library's waitFor/findBy give up after
 * 1 s by default, which a busy machine can exceed while React renders. They
 * wait for a state, not for speed, so they get most of the test's own (generous) timeout.
 */
import { configure } from '@testing-library/react';

configure({ asyncUtilTimeout: 20_000 });
