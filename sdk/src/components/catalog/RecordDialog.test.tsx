// @vitest-environment happy-dom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { invalidModeCatalog, productCatalog, type CatalogField } from '@fmea/core/domain';
import type { UserInfo } from '../../api/types.ts';
import { i18n } from '../../i18n/index.ts';
import { session } from '../../stores/session.ts';
import { catalogApi, type CatalogRow } from './catalog-api.ts';
import { draftOf, RecordDialog, valuesOf } from './RecordDialog.tsx';

beforeAll(() => {
  i18n.load('en-US', {});
  i18n.activate('en-US');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  session.user = null;
});

interface Sent {
  path: string;
  body: unknown;
}

/** The API as far as the dialog calls it: the rule flags, and a save that answers the record. */
function serve(flags: Record<string, string>, customFields: readonly object[] = []): Sent[] {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const path = new URL(input, 'http://localhost').pathname;
      const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : null;
      sent.push({ path, body });
      const data =
        path === '/api/sysBusinessRule/query'
          ? { items: Object.entries(flags).map(([ruleType, flag]) => ({ ruleType, flag })) }
          : path === '/api/customField/list'
            ? customFields
            : { id: 'r-1', serialNum: 'FA2611260001', versionNo: 1, status: '0' };
      return new Response(JSON.stringify({ meta: { success: true, code: 200, message: '' }, data }), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  return sent;
}

const PRODUCT_TYPES = { productType: [{ code: '1', name: '乘用车', enName: 'Passenger car' }, { code: '2', name: '商用车', enName: 'Commercial vehicle' }] };

function show(props: { row?: CatalogRow | null; onSaved?: (row: CatalogRow) => void } = {}) {
  return render(
    <I18nProvider i18n={i18n}>
      <RecordDialog type={invalidModeCatalog} calls={catalogApi(invalidModeCatalog)} row={props.row ?? null} dictionaries={PRODUCT_TYPES} onClose={() => undefined} onSaved={props.onSaved ?? (() => undefined)} />
    </I18nProvider>,
  );
}

const dialog = () => screen.getByRole('dialog');
const fieldOf = (label: string) => within(dialog()).getByText(label, { selector: 'label' }).closest('.field') as HTMLElement;

describe('the catalog record form', () => {
  it('edits the custom fields of catalogs beside the type’s own fields and sends them with the save', async () => {
    const plant = { id: 'f-1', entity: 'catalog', systemName: 'plant', sort: 1, fieldType: 'text', dictType: null, required: false, shown: true, placeholder: null, alias: '工厂', aliasEn: 'Plant', version: 1 };
    const sent = serve({}, [plant]);
    show();
    fireEvent.change(within(fieldOf('Failure description')).getByRole('textbox'), { target: { value: 'Seal leaks' } });
    const input = await waitFor(() => within(fieldOf('Plant')).getByRole('textbox'));
    fireEvent.change(input, { target: { value: 'P1' } });
    fireEvent.click(within(dialog()).getByTestId('catalog-save'));
    await waitFor(() => expect(sent.find((s) => s.path === '/api/knowledge/invalidMode/saveOrUpdate')?.body).toMatchObject({ customFields: { plant: 'P1' } }));
  });

  it('holds every declared field as text, and sends empty ones as null and numbers as numbers', () => {
    const draft = draftOf(invalidModeCatalog, null);
    expect(Object.keys(draft).sort()).toEqual(['serialNum', 'remark', ...invalidModeCatalog.fields.map((f) => f.key)].sort());
    expect(draft.invalidUseType).toEqual([]);
    const values = valuesOf(invalidModeCatalog, { ...draft, invalidmode: ' Leak ', severity: '7', rejectRatio: '0.5x', invalidUseType: ['invalidmode'] });
    expect(values).toMatchObject({ invalidmode: 'Leak', severity: 7, rejectRatio: '0.5x', invalidUseType: ['invalidmode'], enInvalidMode: null, productType: null });
  });

  it('requires the English description while the English rule is on, and says which field is empty', async () => {
    const sent = serve({ EnglishRequiredRuleFlag: '1', failureToUseRequired: '0' });
    show();
    await waitFor(() => expect(fieldOf('Failure description (English)').querySelector('.required')).not.toBeNull());
    expect(fieldOf('Failure use type').querySelector('.required')).toBeNull();
    fireEvent.change(within(fieldOf('Failure description')).getByRole('textbox'), { target: { value: 'Leak' } });
    fireEvent.click(within(dialog()).getByTestId('catalog-save'));
    await waitFor(() => expect(fieldOf('Failure description (English)').querySelector('.field-message')?.textContent).toBe('Failure description (English) cannot be empty'));
    expect(sent.some((s) => s.path.endsWith('/saveOrUpdate'))).toBe(false);
  });

  it('offers the user’s own product types, shows the others disabled, and saves to the type’s base and entity', async () => {
    session.user = { isAdmin: false, productTypes: ['1'], routers: [] } as unknown as UserInfo;
    const sent = serve({ EnglishRequiredRuleFlag: '0' });
    const onSaved = vi.fn();
    show({ onSaved });
    const select = within(fieldOf('Product type')).getByRole('combobox') as HTMLSelectElement;
    const options = [...select.options].map((o) => [o.textContent, o.disabled]);
    expect(options).toEqual([
      ['Not chosen', false],
      ['Passenger car', false],
      ['Commercial vehicle', true],
    ]);
    fireEvent.change(within(fieldOf('Failure description')).getByRole('textbox'), { target: { value: 'Seal leaks' } });
    fireEvent.change(select, { target: { value: '1' } });
    fireEvent.click(within(dialog()).getByTestId('catalog-save'));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const save = sent.find((s) => s.path === '/api/knowledge/invalidMode/saveOrUpdate');
    expect(save?.body).toMatchObject({ values: { invalidmode: 'Seal leaks', productType: '1' }, remark: null });
  });

  it('offers an enum’s values by the names their declaration gives them, and sends the codes', async () => {
    const sent = serve({});
    show();
    const useTypes = within(fieldOf('Failure use type')).getAllByRole('checkbox');
    expect(useTypes.map((box) => box.closest('label')!.textContent)).toEqual(['Failure mode', 'Failure cause', 'Failure effect']);
    fireEvent.change(within(fieldOf('Failure description')).getByRole('textbox'), { target: { value: 'Seal leaks' } });
    fireEvent.click(useTypes[2]!);
    fireEvent.click(within(dialog()).getByTestId('catalog-save'));
    await waitFor(() => expect(sent.find((s) => s.path === '/api/knowledge/invalidMode/saveOrUpdate')?.body).toMatchObject({ values: { invalidUseType: ['invalidresult'] } }));
  });

  it('says on leaving the description that another record holds it, before saving, and forgets it once the text changes', async () => {
    const sent: Sent[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string, init: RequestInit = {}) => {
        const path = new URL(input, 'http://localhost').pathname;
        const body = typeof init.body === 'string' ? (JSON.parse(init.body) as { value?: string }) : null;
        sent.push({ path, body });
        const held = path.endsWith('/validate') && body?.value === 'Seal leaks';
        const data = path === '/api/sysBusinessRule/query' ? { items: [] } : path === '/api/customField/list' ? [] : held ? { valid: false, field: 'invalidmode', messageKey: 'catalog.duplicate', message: 'Failure description “Seal leaks” already exists' } : { valid: true };
        return new Response(JSON.stringify({ meta: { success: true, code: 200, message: '' }, data }), { status: 200, headers: { 'content-type': 'application/json' } });
      }),
    );
    show();
    const description = within(fieldOf('Failure description')).getByRole('textbox');
    const message = () => fieldOf('Failure description').querySelector('.field-message')?.textContent;
    fireEvent.change(description, { target: { value: 'Seal leaks' } });
    fireEvent.blur(description);
    await waitFor(() => expect(message()).toBe('Failure description “Seal leaks” already exists'));
    expect(sent.find((s) => s.path === '/api/knowledge/invalidMode/validate')?.body).toMatchObject({ field: 'invalidmode', value: 'Seal leaks', values: { invalidmode: 'Seal leaks', severity: null } });
    fireEvent.change(description, { target: { value: 'Seal torn' } });
    expect(message()).toBeUndefined();
    fireEvent.blur(description);
    await waitFor(() => expect(sent.filter((s) => s.path.endsWith('/validate'))).toHaveLength(2));
    expect(message()).toBeUndefined();
    // a field in no unique rule is not asked about
    fireEvent.blur(within(fieldOf('Severity')).getByRole('textbox'));
    expect(sent.filter((s) => s.path.endsWith('/validate'))).toHaveLength(2);
    expect(sent.some((s) => s.path.endsWith('/saveOrUpdate'))).toBe(false);
  });

  it('asks for the number of a type whose users type it (products), on the main-data base', async () => {
    const sent = serve({});
    render(
      <I18nProvider i18n={i18n}>
        <RecordDialog type={productCatalog} calls={catalogApi(productCatalog)} row={null} dictionaries={{}} onClose={() => undefined} onSaved={() => undefined} />
      </I18nProvider>,
    );
    fireEvent.click(within(dialog()).getByTestId('catalog-save'));
    await waitFor(() => expect(within(dialog()).getByTestId('catalog-field-serialNum').getAttribute('aria-invalid')).toBe('true'));
    fireEvent.change(within(dialog()).getByTestId('catalog-field-serialNum'), { target: { value: 'P-100' } });
    for (const field of (productCatalog.fields as readonly CatalogField[]).filter((f) => f.required)) {
      fireEvent.change(within(fieldOf(field.header['en-US'])).getByRole('textbox'), { target: { value: 'Brake' } });
    }
    fireEvent.click(within(dialog()).getByTestId('catalog-save'));
    await waitFor(() => expect(sent.find((s) => s.path === '/api/mainData/product/saveOrUpdate')?.body).toMatchObject({ serialNum: 'P-100' }));
  });
});
