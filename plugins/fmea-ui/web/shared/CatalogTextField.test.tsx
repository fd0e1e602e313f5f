// @vitest-environment happy-dom
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import { CatalogTextField } from './CatalogTextField.tsx';
import type { CatalogPick, CatalogSource } from '../analysis/suggestions.ts';

beforeAll(() => {
  i18n.load('en-US', {});
  i18n.activate('en-US');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const RECORD = { recordId: 'rec-fe', serialNum: 'FA2611260001', versionNo: 3, enText: null, severity: 8, occurrence: null, detection: null };

/** The suggestion endpoint as the field calls it: one catalog effect, one FMEA wording. */
function serve(): string[] {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = new URL(input, 'http://localhost');
      asked.push(url.search);
      const data = [
        { source: 'catalog', text: 'Motor stalls', uses: 4, catalog: RECORD },
        { source: 'fmea', text: 'Motor stops', uses: 1, catalog: null },
      ];
      return new Response(JSON.stringify({ meta: { success: true, code: 200, message: '' }, data }), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  return asked;
}

/** The field in a form of its own, recording what it tells the form. */
function show() {
  const picks: (CatalogPick | null)[] = [];
  const records: CatalogSource[] = [];
  function Form() {
    const [text, setText] = useState('');
    return (
      <CatalogTextField label="Description" kind="FE" value={text} error={null} onChange={setText} onPick={(p) => picks.push(p)} onCatalogPick={(c) => records.push(c)} />
    );
  }
  render(
    <I18nProvider i18n={i18n}>
      <Form />
    </I18nProvider>,
  );
  return { picks, records };
}

async function pick(text: string) {
  const input = screen.getByRole('combobox') as HTMLInputElement;
  input.focus();
  fireEvent.change(input, { target: { value: 'Motor' } });
  fireEvent.click(await screen.findByText(text, {}, { timeout: 2000 }));
  return input;
}

describe('the catalog-aware description field', () => {
  it('hands a picked catalog record to the form: the pick to cite, then the record with its ratings', async () => {
    const asked = serve();
    const { picks, records } = show();
    const input = await pick('Motor stalls');
    expect(asked[0]).toContain('kind=FE');
    expect(input.value).toBe('Motor stalls');
    expect(picks).toEqual([{ recordId: 'rec-fe', text: 'Motor stalls' }]);
    expect(records).toEqual([RECORD]);
  });

  it('clears the pick for FMEA wording and leaves the catalog hook uncalled', async () => {
    serve();
    const { picks, records } = show();
    const input = await pick('Motor stops');
    expect(input.value).toBe('Motor stops');
    expect(picks).toEqual([null]);
    expect(records).toEqual([]);
  });
});
