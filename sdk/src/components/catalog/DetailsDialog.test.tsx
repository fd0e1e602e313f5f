// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { invalidModeCatalog } from '@fmea/core/domain';
import { i18n } from '../../i18n/index.ts';
import { catalogApi, type CatalogRow } from './catalog-api.ts';
import { DetailsDialog } from './DetailsDialog.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const field = (over: object) => ({ id: 'f-1', entity: 'catalog', systemName: 'plant', sort: 1, fieldType: 'text', dictType: null, required: false, shown: true, placeholder: null, alias: '工厂', aliasEn: 'Plant', version: 1, ...over });
const FIELDS = [
  field({}),
  field({ id: 'f-2', systemName: 'madeOn', sort: 2, fieldType: 'date', alias: '制造日期', aliasEn: 'Made on' }),
  // a dictionary type of this test's own: the SDK keeps dictionary items for a minute across tests
  field({ id: 'f-3', systemName: 'buyer', sort: 3, fieldType: 'choice', dictType: 'detailsBuyer', alias: '买方', aliasEn: 'Buyer' }),
  field({ id: 'f-4', systemName: 'weight', sort: 4, fieldType: 'number', alias: '重量', aliasEn: 'Weight', shown: false }),
];

/** The API as far as the dialog calls it: the fields, the buyer dictionary, empty versions and log. */
function serve() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const path = new URL(input, 'http://localhost').pathname;
      const data =
        path === '/api/customField/list'
          ? FIELDS
          : path === '/api/dictionary/getDics'
            ? [{ code: 'detailsBuyer', children: [{ code: '1', name: '上汽大众', enName: 'SAIC Volkswagen' }] }]
            : path.endsWith('/log')
              ? { items: [], total: 0 }
              : [];
      return new Response(JSON.stringify({ meta: { success: true, code: 200, message: '' }, data }), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
}

const ROW = {
  id: 'r-1',
  serialNum: 'FA2611260001',
  versionNo: 1,
  status: '0',
  values: { invalidmode: 'Seal leaks' },
  customFields: { plant: 'P1', madeOn: '2026-03-02', buyer: '1' },
  quoteCount: 0,
} as unknown as CatalogRow;

async function valuesShown(locale: 'zh-CN' | 'en-US') {
  i18n.load(locale, {});
  i18n.activate(locale);
  serve();
  render(
    <I18nProvider i18n={i18n}>
      <DetailsDialog type={invalidModeCatalog} calls={catalogApi(invalidModeCatalog)} row={ROW} dictionaries={{}} onClose={() => undefined} />
    </I18nProvider>,
  );
  const details = screen.getByTestId('catalog-details');
  const valueOf = (label: string) => within(details).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
  return { details, valueOf };
}

describe('the catalog details dialog', () => {
  it('shows the custom fields by their English aliases, a choice by its item’s name, a date as YYYY-MM-DD', async () => {
    const { valueOf } = await valuesShown('en-US');
    await waitFor(() => expect(valueOf('Buyer')).toBe('SAIC Volkswagen'));
    expect([valueOf('Plant'), valueOf('Made on'), valueOf('Weight')]).toEqual(['P1', '2026-03-02', '—']);
  });

  it('shows them by their Chinese aliases for a Chinese reader', async () => {
    const { valueOf } = await valuesShown('zh-CN');
    await waitFor(() => expect(valueOf('买方')).toBe('上汽大众'));
    expect([valueOf('工厂'), valueOf('制造日期'), valueOf('重量')]).toEqual(['P1', '2026-03-02', '—']);
  });
});
