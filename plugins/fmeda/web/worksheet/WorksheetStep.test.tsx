// @vitest-environment happy-dom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import { ConfirmHost } from '@fmea/sdk';
import WorksheetStep from './WorksheetStep.tsx';

beforeAll(() => {
  i18n.load('en-US', {});
  i18n.activate('en-US');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const row = (id: string, failureMode: string, faultClass: string, dcResidualPct: number | null, distributionPct: number) => ({
  id,
  sort: 1,
  elementName: 'MOSFET',
  elementFit: 100,
  failureMode,
  distributionPct,
  faultClass,
  residualMechanism: dcResidualPct === null ? null : 'Current monitor',
  dcResidualPct,
  latentMechanism: null,
  dcLatentPct: null,
  catalogRecordId: null,
  sourceNodeId: null,
  sourceFailureId: null,
  version: 1,
});

/** An FMEDA whose one single-point mode (50 % of 100 FIT) is covered 90 %: SPFM 95 %, ASIL B met, C not. */
const VIEW = {
  projectId: 'p-1',
  serialNum: 'FM2603090001',
  name: 'Motor driver',
  reviewStatus: 'draft',
  canEdit: true,
  settings: { standard: 'iso26262', targetAsil: 'B', targetSil: null, elementType: null, hft: null, safetyGoal: null, sourceProjectId: null, sourceNodeId: null },
  version: 3,
  rows: [row('r1', 'Short', 'single-point', 90, 50), row('r2', 'Open', 'safe', null, 50)],
  metrics: null,
};

function serve(): { path: string; body: unknown }[] {
  const sent: { path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'http://localhost');
      const body = typeof init.body === 'string' ? (JSON.parse(init.body) as { rows?: unknown[] }) : null;
      sent.push({ path: url.pathname, body });
      // the save answers the rows it was sent, one version on
      const data = url.pathname === '/api/fmeda/saveRows' ? { ...VIEW, version: VIEW.version + 1, rows: (body!.rows as { id: string }[]).map((r) => ({ ...row(r.id, '', '', null, 0), ...r })) } : VIEW;
      return new Response(JSON.stringify({ meta: { success: true, code: 200, message: '' }, data }), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  return sent;
}

const verdict = (asil: string, metric: string) => screen.getByTestId(`fmeda-verdict-${asil}-${metric}`).getAttribute('data-met');
const cell = (rowKey: string, columnId: string) => document.querySelector<HTMLElement>(`[data-row-key="${rowKey}"] [data-column-id="${columnId}"]`)!;

describe('the FMEDA worksheet step', () => {
  it('computes the metrics in the browser as a DC value is typed, and saves the worksheet against its version when it is committed', async () => {
    const sent = serve();
    render(
      <I18nProvider i18n={i18n}>
        <WorksheetStep projectId="p-1" serialNum="FM2603090001" readOnly={false} apTable="dfmea" remoteRevision={0} />
      </I18nProvider>,
    );
    await waitFor(() => expect(screen.getByTestId('fmeda-spfm').textContent).toBe('95.00 %'));
    expect([verdict('B', 'spfm'), verdict('C', 'spfm'), verdict('D', 'spfm')]).toEqual(['true', 'false', 'false']);

    fireEvent.doubleClick(cell('r1', 'dcResidualPct'));
    const input = screen.getByRole('textbox') as HTMLInputElement;
    // typed, not saved yet: 99 % leaves 0.5 FIT residual, SPFM 99.5 % meets D
    fireEvent.change(input, { target: { value: '99' } });
    await waitFor(() => expect(screen.getByTestId('fmeda-spfm').textContent).toBe('99.50 %'));
    expect([verdict('C', 'spfm'), verdict('D', 'spfm')]).toEqual(['true', 'true']);
    expect(sent.filter((s) => s.path === '/api/fmeda/saveRows')).toEqual([]);

    await act(async () => {
      fireEvent.keyDown(input, { key: 'Enter' });
    });
    await waitFor(() => expect(sent.some((s) => s.path === '/api/fmeda/saveRows')).toBe(true));
    const save = sent.find((s) => s.path === '/api/fmeda/saveRows')!.body as { version: number; rows: { id: string; dcResidualPct: number | null }[] };
    expect(save.version).toBe(3);
    expect(save.rows.map((r) => [r.id, r.dcResidualPct])).toEqual([
      ['r1', 99],
      ['r2', null],
    ]);
    expect(verdict('D', 'spfm')).toBe('true');
  });

  it('offers no editing when read-only', async () => {
    serve();
    render(
      <I18nProvider i18n={i18n}>
        <WorksheetStep projectId="p-1" serialNum="FM2603090001" readOnly apTable="dfmea" remoteRevision={0} />
      </I18nProvider>,
    );
    await waitFor(() => expect(screen.getByTestId('fmeda-metrics')).toBeTruthy());
    expect(screen.queryByTestId('fmeda-add-row')).toBeNull();
    fireEvent.doubleClick(cell('r1', 'dcResidualPct'));
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('removes a row only once the user confirms, saving the rest', async () => {
    const sent = serve();
    render(
      <I18nProvider i18n={i18n}>
        <WorksheetStep projectId="p-1" serialNum="FM2603090001" readOnly={false} apTable="dfmea" remoteRevision={0} />
        <ConfirmHost />
      </I18nProvider>,
    );
    await waitFor(() => expect(screen.getAllByTestId('fmeda-row-remove')).toHaveLength(2));
    fireEvent.click(screen.getAllByTestId('fmeda-row-remove')[1]!);
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(sent.filter((s) => s.path === '/api/fmeda/saveRows')).toEqual([]);
    fireEvent.click(screen.getAllByTestId('fmeda-row-remove')[1]!);
    await act(async () => {
      fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    });
    await waitFor(() => expect(sent.some((s) => s.path === '/api/fmeda/saveRows')).toBe(true));
    const save = sent.find((s) => s.path === '/api/fmeda/saveRows')!.body as { rows: { id: string }[] };
    expect(save.rows.map((r) => r.id)).toEqual(['r1']);
  });
});
