// @vitest-environment happy-dom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import type { UserInfo } from '@fmea/sdk';
import { FLASH_KEY, i18n } from '@fmea/sdk/host';
import { PasswordExpiryBanner, useIdleSignOut } from './SessionNotices.tsx';

const userWith = (passwordState: UserInfo['passwordState']) => ({ passwordState }) as UserInfo;
const inI18n = (node: React.ReactNode) => render(<I18nProvider i18n={i18n}>{node}</I18nProvider>);

beforeAll(() => {
  i18n.load('en-US', {});
  i18n.activate('en-US');
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the password-expiry banner', () => {
  it('says the days left within the warning days, and nothing otherwise', () => {
    const { rerender } = inI18n(<PasswordExpiryBanner user={userWith({ state: 'expiring', daysLeft: 5 })} />);
    expect(screen.getByTestId('password-expiry').textContent).toContain('Your password expires in 5 days.');
    rerender(
      <I18nProvider i18n={i18n}>
        <PasswordExpiryBanner user={userWith({ state: 'ok', daysLeft: 40 })} />
      </I18nProvider>,
    );
    expect(screen.queryByTestId('password-expiry')).toBeNull();
  });
});

function Idle({ minutes }: { minutes: number }) {
  useIdleSignOut(minutes);
  return null;
}

describe('idle sign-out in the workbench', () => {
  let calls: string[];
  let assigned: string[];
  beforeEach(() => {
    vi.useFakeTimers();
    calls = [];
    assigned = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        calls.push(new URL(url, 'http://workbench').pathname);
        return new Response(JSON.stringify({ meta: { success: true, code: 200, message: '' }, data: null }), { headers: { 'content-type': 'application/json' } });
      }),
    );
    vi.spyOn(window.location, 'assign').mockImplementation((url) => void assigned.push(String(url)));
  });

  it('signs out after the minutes without input, counting from the last key, and says why', async () => {
    inI18n(<Idle minutes={1} />);
    await act(async () => vi.advanceTimersByTime(40_000));
    fireEvent.keyDown(window, { key: 'a' });
    await act(async () => vi.advanceTimersByTime(40_000));
    expect(calls).toEqual([]);
    await act(async () => vi.advanceTimersByTime(30_000));
    await act(async () => vi.runOnlyPendingTimersAsync());
    expect(calls).toEqual(['/api/logout']);
    expect(assigned).toEqual(['/']);
    expect(sessionStorage.getItem(FLASH_KEY)).toBe('You were signed out after 1 minutes without activity.');
  });

  it('never signs out when the policy says 0', async () => {
    inI18n(<Idle minutes={0} />);
    await act(async () => vi.advanceTimersByTime(10 * 60_000));
    expect(calls).toEqual([]);
  });
});
