// @vitest-environment happy-dom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@fmea/sdk/host';
import { Dashboard, type Indicator } from './Dashboard.tsx';

const indicator = (id: string, sort: number, over: Partial<Indicator> = {}): Indicator => ({
  id,
  title: { 'zh-CN': id, 'en-US': id },
  route: `/api/dashboard/${id}`,
  kind: 'list',
  sortGroup: null,
  area: 'x',
  areaRoute: 'x_index',
  everyone: false,
  enabled: true,
  sort,
  ...over,
});

/** The API as the dashboard reads it: the indicators, then each one's route (a missing one fails with 500). */
function serve(answers: Record<string, unknown>) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const data = answers[new URL(url, 'http://workbench').pathname];
      const body = data === undefined ? { meta: { success: false, code: 500, message: 'boom' }, data: null } : { meta: { success: true, code: 200, message: '' }, data };
      return new Response(JSON.stringify(body), { status: data === undefined ? 500 : 200, headers: { 'content-type': 'application/json' } });
    }),
  );
}

const show = () =>
  render(
    <I18nProvider i18n={i18n}>
      <Dashboard render={() => undefined} />
    </I18nProvider>,
  );

beforeAll(() => {
  i18n.load('en-US', {});
  i18n.activate('en-US');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the dashboard', () => {
  it('lays the indicators out in order, a shared sort side by side, each with its rows, empty or failed on its own', async () => {
    serve({
      '/api/dashboard/indicators': [indicator('tasks', 10), indicator('left', 20, { kind: 'count', sortGroup: 'g' }), indicator('right', 20, { sortGroup: 'g' })],
      '/api/dashboard/tasks': { total: 7, items: [{ id: '1', label: 'DF1', text: 'Harden the gear', date: '2026-01-15', tag: 'overdue', route: '/main/x' }], more: '/main/all' },
      '/api/dashboard/left': { total: 0, items: [], more: null },
    });
    show();
    const tasks = await screen.findByTestId('indicator-tasks');
    await within(tasks).findByText('Harden the gear');
    expect(within(tasks).getByRole('heading').textContent).toBe('tasks (7)All');
    expect(within(tasks).getByText(/^Overdue · /)).toBeTruthy();
    expect([...document.querySelectorAll('.dashboard-block')].map((b) => b.getAttribute('data-block'))).toEqual(['tasks', 'left right']);
    expect((await within(screen.getByTestId('indicator-left')).findByTestId('indicator-figure')).textContent).toBe('0');
    await within(screen.getByTestId('indicator-right')).findByTestId('indicator-error');
  });

  it('says so when no indicator is on, and when the dashboard cannot be read', async () => {
    serve({ '/api/dashboard/indicators': [] });
    show();
    await screen.findByText('No indicators are turned on');
    cleanup();
    serve({});
    show();
    await screen.findByTestId('dashboard-error');
  });
});
