// @vitest-environment happy-dom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { invalidModeCatalog } from '@fmea/core/domain';
import { i18n } from '../../i18n/index.ts';
import { catalogApi } from './catalog-api.ts';
import { ImportDialog } from './ImportDialog.tsx';

beforeAll(() => {
  i18n.load('en-US', {});
  i18n.activate('en-US');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const envelope = (success: boolean, message: string, data: unknown, status = 200) =>
  new Response(JSON.stringify({ meta: { success, code: status, message }, data }), { status, headers: { 'content-type': 'application/json' } });

/** What the import route answers, in turn; the forms sent are kept. */
function serve(answers: Response[]): FormData[] {
  const sent: FormData[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      expect(new URL(input, 'http://localhost').pathname).toBe('/api/knowledge/invalidMode/importData');
      sent.push(init.body as FormData);
      return answers.shift()!;
    }),
  );
  return sent;
}

const wrongRow = { row: 3, field: 'severity', messageKey: 'validation.max', message: 'Row 3: Severity must be at most 10' };
const report = { created: 1, updated: 0, versioned: 0, skipped: 0, rowErrors: [wrongRow], unmappedColumns: [] };

describe('the catalog import', () => {
  it('lists the wrong rows of a refused file, then imports the good rows only and shows what was left out', async () => {
    const sent = serve([envelope(false, 'Some rows are wrong: 1 row\nRow 3: Severity must be at most 10', { code: 'invalid_input', messageKey: 'catalog.import_invalid', issues: [wrongRow] }, 400), envelope(true, '', report)]);
    const onImported = vi.fn();
    render(
      <I18nProvider i18n={i18n}>
        <ImportDialog calls={catalogApi(invalidModeCatalog)} onClose={() => undefined} onImported={onImported} />
      </I18nProvider>,
    );
    const dialog = screen.getByRole('dialog');
    fireEvent.change(within(dialog).getByTestId('catalog-import-file'), { target: { files: [new File(['x'], 'modes.xlsx')] } });
    fireEvent.change(within(dialog).getByTestId('catalog-import-mode'), { target: { value: 'cover' } });
    fireEvent.click(within(dialog).getByTestId('catalog-import-run'));

    const refusal = await within(dialog).findByTestId('catalog-import-refusal');
    expect(refusal.textContent).toContain('Some rows are wrong: 1 row');
    expect(within(refusal).getAllByRole('row')[1]!.textContent).toBe('3severityRow 3: Severity must be at most 10');
    expect(sent[0]!.get('goodRowsOnly')).toBe('false');
    expect(onImported).not.toHaveBeenCalled();

    const run = within(dialog).getByTestId('catalog-import-run');
    expect(run.textContent).toBe('Import the good rows');
    fireEvent.click(run);
    const result = await screen.findByTestId('catalog-import-report');
    expect(sent[1]!.get('goodRowsOnly')).toBe('true');
    expect(sent[1]!.get('importWayType')).toBe('cover');
    expect(result.textContent).toContain('1 created, 0 changed, 0 new versions, 0 left out as already there.');
    expect(within(result).getByRole('table').textContent).toContain('Row 3: Severity must be at most 10');
    expect(onImported).toHaveBeenCalledTimes(1);
  });

  it('names columns the type has no field for, and imports without them when asked', async () => {
    const unmapped = { field: 'Colour', messageKey: 'import.column_unmapped', message: 'Column F (Colour) has no field' };
    const sent = serve([envelope(false, 'Columns with data have no field\nColumn F (Colour) has no field', { code: 'invalid_input', messageKey: 'import.columns_unmapped', issues: [unmapped] }, 400), envelope(true, '', { ...report, rowErrors: [], unmappedColumns: [unmapped] })]);
    render(
      <I18nProvider i18n={i18n}>
        <ImportDialog calls={catalogApi(invalidModeCatalog)} onClose={() => undefined} onImported={() => undefined} />
      </I18nProvider>,
    );
    const dialog = screen.getByRole('dialog');
    fireEvent.change(within(dialog).getByTestId('catalog-import-file'), { target: { files: [new File(['x'], 'modes.xlsx')] } });
    fireEvent.click(within(dialog).getByTestId('catalog-import-run'));
    await within(dialog).findByTestId('catalog-import-refusal');
    expect(within(dialog).getByTestId('catalog-import-run').textContent).toBe('Import without them');
    fireEvent.click(within(dialog).getByTestId('catalog-import-run'));
    await screen.findByTestId('catalog-import-report');
    expect([sent[1]!.get('acceptUnmapped'), sent[1]!.get('goodRowsOnly'), sent[1]!.get('importWayType')]).toEqual(['true', 'false', 'dedupe']);
    await waitFor(() => expect(screen.getByTestId('catalog-import-report').textContent).toContain('Column F (Colour) has no field'));
  });
});
