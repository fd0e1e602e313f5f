import { describe, expect, it } from 'vitest';
import { loadCatalogs } from '../../i18n/index.ts';
import { OPERATION_ACTIONS, OPERATION_ENTITIES, operationActionKey, operationEntityKey } from './index.ts';

const CJK = /[\u3400-\u9fff\uff00-\uffef]/;
const keys = [...OPERATION_ACTIONS.map(operationActionKey), ...OPERATION_ENTITIES.map(operationEntityKey)];

describe('the operation log vocabulary', () => {
  it('names every action and record type a service may write in Chinese and in English', () => {
    const { 'zh-CN': zh, 'en-US': en } = loadCatalogs();
    for (const key of keys) {
      expect(zh[key], `zh-CN ${key}`).toMatch(CJK);
      expect(en[key], `en-US ${key}`).toBeTruthy();
      expect(en[key], `en-US ${key}`).not.toMatch(CJK);
      expect(en[key]).not.toBe(key);
    }
  });

  it('keeps no catalog name for a code that is no longer written', () => {
    const named = Object.keys(loadCatalogs()['en-US']).filter((k) => k.startsWith('oplog.action.') || k.startsWith('oplog.entity.'));
    expect(named.sort()).toEqual([...keys].sort());
  });

  it('lists each code once', () => {
    expect(new Set(OPERATION_ACTIONS).size).toBe(OPERATION_ACTIONS.length);
    expect(new Set(OPERATION_ENTITIES).size).toBe(OPERATION_ENTITIES.length);
  });
});
