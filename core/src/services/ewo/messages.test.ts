import { describe, expect, it } from 'vitest';
import { loadCatalogs, translate } from '../../i18n/index.ts';
import { EWO_NOTICE_MESSAGE_KEYS } from '../messages/ewo.ts';
import { ALL_EWO_MESSAGE_KEYS } from './messages.ts';

const PARAMS = { ewo: 'EC1', user: 'li', approver: 'li', currentVersion: 3, count: 2, value: 'x', ref: 'PA-1', item: 'i', document: 'd', serialNum: 'EC1', text: 't', opinion: 'o' };

describe('EWO messages', () => {
  it.each(['zh-CN', 'en-US'] as const)('has every key the EWO services and their messages emit in %s, every placeholder filled', (locale) => {
    const catalog = loadCatalogs()[locale];
    for (const key of [...ALL_EWO_MESSAGE_KEYS, ...EWO_NOTICE_MESSAGE_KEYS]) {
      expect(catalog[key], `${key} missing in ${locale}`).toBeTruthy();
      expect(translate(locale, key, PARAMS), key).not.toMatch(/[{}]/);
    }
  });
});
