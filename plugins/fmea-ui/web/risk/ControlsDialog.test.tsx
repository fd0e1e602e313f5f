// @vitest-environment happy-dom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import { ConfirmHost } from '@fmea/sdk';
import { ControlsDialog, type ControlsTarget } from './ControlsDialog.tsx';

beforeAll(() => {
  i18n.load('en-US', {});
  i18n.activate('en-US');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

interface Sent {
  path: string;
  query: string;
  body: unknown;
}

const CAUSE = { id: 'fc-1', description: 'Brush wears out' };
const control = (id: string, description: string, sort: number, catalog: object | null = null) => ({
  id,
  version: 1,
  sort,
  causeId: CAUSE.id,
  kind: 'prevention',
  description,
  catalogRecordId: catalog ? 'rec-1' : null,
  catalog,
});

/** The API as far as the dialog calls it: the analysis of the element, the suggestions, and the writes (answered with a control). */
function serve(controls: object[]): Sent[] {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'http://localhost');
      const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : null;
      sent.push({ path: url.pathname, query: url.search, body });
      let data: unknown = { id: 'new', version: 1, sort: 9, causeId: CAUSE.id, kind: 'prevention', description: 'x', catalogRecordId: null };
      if (url.pathname === '/api/fmea/analysis') data = { nodes: [], functions: [], functionLinks: [], characteristics: [], failures: [{ id: CAUSE.id }], failureLinks: [], controls };
      if (url.pathname === '/api/fmea/suggest')
        data = [
          { source: 'catalog', text: 'Design guideline DG-12', uses: 3, catalog: { recordId: 'rec-dg', serialNum: 'PR2611260001', versionNo: 2, enText: null, severity: null, occurrence: null, detection: null } },
          { source: 'fmea', text: 'Design review', uses: 2, catalog: null },
        ];
      if (url.pathname === '/api/fmea/pushToKnowledge') data = { itemId: 'c-2', itemVersion: 2, record: { id: 'r', type: 'preventionMeasure', serialNum: 'PR2611260002', versionNo: 1, status: '1', quoteCount: 1 } };
      return new Response(JSON.stringify({ meta: { success: true, code: 200, message: '' }, data }), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  return sent;
}

const TARGET: ControlsTarget = { projectId: 'p-1', nodeId: 'n-1', cause: CAUSE, kind: 'prevention' };

function show(readOnly = false) {
  const onClose = vi.fn();
  render(
    <I18nProvider i18n={i18n}>
      <ControlsDialog target={TARGET} readOnly={readOnly} onClose={onClose} />
      <ConfirmHost />
    </I18nProvider>,
  );
  return onClose;
}

const items = () => screen.getAllByTestId('control-item');

describe('the risk grid’s control editor', () => {
  it('lists the cause’s controls of its kind in order, each with the catalog version it cites', async () => {
    const sent = serve([control('c-2', 'Wear test 500 h', 2), control('c-1', 'Brush spec BM-12', 1, { recordId: 'rec-1', serialNum: 'PR2611250001', versionNo: 1, status: '2', newerVersion: true }), { ...control('c-3', 'End-of-line test', 1), kind: 'detection' }]);
    show();
    await waitFor(() => expect(items()).toHaveLength(2));
    expect(items().map((li) => li.querySelector('[data-user-content]')?.textContent)).toEqual(['Brush spec BM-12', 'Wear test 500 h']);
    expect(within(items()[0]!).getByTestId('catalog-mark').textContent).toBe('[Catalog PR2611250001 v1 · newer version]');
    // a cited control is not pushed again; a hand-written one is
    expect(within(items()[0]!).queryByRole('button', { name: 'Push to knowledge' })).toBeNull();
    expect(within(items()[1]!).getByRole('button', { name: 'Push to knowledge' })).toBeTruthy();
    expect(sent[0]!.path).toBe('/api/fmea/analysis');
    expect(sent[0]!.query).toContain('projectId=p-1&nodeId=n-1');
  });

  it('adds a control picked from the catalog’s suggestions, citing the record', async () => {
    const sent = serve([]);
    const onClose = show();
    await screen.findByText('No controls of this kind yet.');
    fireEvent.click(screen.getByTestId('control-add'));
    const input = await screen.findByRole('combobox');
    input.focus();
    fireEvent.change(input, { target: { value: 'Design' } });
    const option = await screen.findByText('Design guideline DG-12', {}, { timeout: 2000 });
    expect(sent.find((s) => s.path === '/api/fmea/suggest')?.query).toContain('kind=prevention');
    expect(option.parentElement?.querySelector('[data-suggestion-source]')?.textContent).toBe('Catalog PR2611260001 v2');
    fireEvent.click(option);
    fireEvent.click(screen.getByTestId('control-save'));
    await waitFor(() => expect(sent.some((s) => s.path === '/api/fmea/addControl')).toBe(true));
    expect(sent.find((s) => s.path === '/api/fmea/addControl')?.body).toEqual({ causeId: CAUSE.id, kind: 'prevention', description: 'Design guideline DG-12', catalogRecordId: 'rec-dg' });
    // back on the list, read again; closing tells the grid something changed
    await waitFor(() => expect(sent.filter((s) => s.path === '/api/fmea/analysis')).toHaveLength(2));
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledWith(true);
  });

  it('sends a reworded pick without the citation', async () => {
    const sent = serve([control('c-2', 'Wear test 500 h', 1)]);
    show();
    await waitFor(() => expect(items()).toHaveLength(1));
    fireEvent.click(within(items()[0]!).getByRole('button', { name: 'Edit' }));
    const input = await screen.findByRole('combobox');
    input.focus();
    fireEvent.change(input, { target: { value: 'Design' } });
    fireEvent.click(await screen.findByText('Design guideline DG-12', {}, { timeout: 2000 }));
    fireEvent.change(input, { target: { value: 'Design guideline DG-12, rev. B' } });
    fireEvent.click(screen.getByTestId('control-save'));
    await waitFor(() => expect(sent.some((s) => s.path === '/api/fmea/updateControl')).toBe(true));
    expect(sent.find((s) => s.path === '/api/fmea/updateControl')?.body).toEqual({ id: 'c-2', version: 1, description: 'Design guideline DG-12, rev. B' });
  });

  it('pushes a hand-written control to the knowledge base after asking', async () => {
    const sent = serve([control('c-2', 'Wear test 500 h', 1)]);
    show();
    await waitFor(() => expect(items()).toHaveLength(1));
    fireEvent.click(within(items()[0]!).getByRole('button', { name: 'Push to knowledge' }));
    const ask = await screen.findByTestId('confirm-dialog');
    fireEvent.click(within(ask).getAllByRole('button').at(-1)!);
    await waitFor(() => expect(sent.some((s) => s.path === '/api/fmea/pushToKnowledge')).toBe(true));
    expect(sent.find((s) => s.path === '/api/fmea/pushToKnowledge')?.body).toEqual({ itemId: 'c-2', kind: 'control', version: 1 });
  });

  it('only shows the controls to a reader', async () => {
    serve([control('c-2', 'Wear test 500 h', 1)]);
    show(true);
    await waitFor(() => expect(items()).toHaveLength(1));
    expect(screen.queryByTestId('control-add')).toBeNull();
    expect(within(items()[0]!).queryAllByRole('button')).toEqual([]);
  });
});
