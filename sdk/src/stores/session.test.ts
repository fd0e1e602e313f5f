// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { WIDTHS_PREFIX } from '../components/data-grid/index.ts';
import { clearSession } from './session.ts';

describe('signing out', () => {
  it('clears local and session storage but keeps the language and the grid column widths the users set', () => {
    localStorage.setItem('fmea.locale', 'en-US');
    localStorage.setItem(`${WIDTHS_PREFIX}user-1:abc`, '{"name":240}');
    localStorage.setItem('fmea.lastSystemPage', 'user');
    sessionStorage.setItem('fmea.rule', '1');
    clearSession();
    expect(Object.fromEntries(Object.keys(localStorage).map((k) => [k, localStorage.getItem(k)]))).toEqual({
      'fmea.locale': 'en-US',
      [`${WIDTHS_PREFIX}user-1:abc`]: '{"name":240}',
    });
    expect(sessionStorage.length).toBe(0);
  });
});
