import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ACTION_STATUSES, ACTION_STATUS_LABEL_KEYS, type ActionStatus } from '@fmea/core/domain';
import { translate } from '@fmea/core/i18n';
import { keyOf, parsePo } from './po.ts';

/**
 * An action's status reads the same everywhere (issue 20): the engine's words
 * (core's `fmea.action_status.*`, which the workbook and the CLI write) are
 * the words of the browser's shared value labels (the SDK's `useValueLabel`) and of
 * the optimisation step, in both languages.
 */
const REPO = fileURLToPath(new URL('../../', import.meta.url));
const BROWSER_MESSAGE: Record<ActionStatus, { context: string | null; id: string }> = {
  open: { context: 'action status', id: 'Open' },
  decisionPending: { context: null, id: 'Decision pending' },
  implementationPending: { context: null, id: 'Implementation pending' },
  completed: { context: null, id: 'Completed' },
  notImplemented: { context: null, id: 'Not implemented' },
};

function catalog(path: string): Map<string, string> {
  return new Map(parsePo(readFileSync(`${REPO}${path}`, 'utf8')).map((e) => [keyOf(e), e.translation]));
}

describe('an action status', () => {
  it.each(['zh-CN', 'en-US'] as const)('reads the same in the workbook, the CLI and the browser (%s)', (locale) => {
    const sdk = catalog(`sdk/src/locales/${locale}.po`);
    const fmeaUi = catalog(`plugins/fmea-ui/locales/${locale}.po`);
    for (const status of ACTION_STATUSES) {
      const engine = translate(locale, ACTION_STATUS_LABEL_KEYS[status]);
      const key = keyOf(BROWSER_MESSAGE[status]);
      expect({ status, sdk: sdk.get(key), fmeaUi: fmeaUi.get(key) }).toEqual({ status, sdk: engine, fmeaUi: engine });
    }
  });
});
