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
const unmapped = { field: 'Colour', messageKey: 'import.column_unmapped', message: 'Column F (Colour) has no field' };

/** Chooses a file through the dialog's file button (its input is hidden). */
function choose(dialog: HTMLElement, name: string) {
  fireEvent.change(dialog.querySelector('input[type="file"]')!, { target: { files: [new File(['x'], name)] } });
}
const report = { created: 1, updated: 0, versioned: 0, skipped: 0, rowErrors: [wrongRow], unmappedColumns: [] };

describe('the catalog import', () => {
  it('lists the wrong rows of a refused file, then imports the good rows only and shows what was left out', async () => {
    const sent = serve([envelope(false, 'Wrong rows in the import: 1 (listed below); nothing was written.\nRow 3: Severity must be at most 10', { code: 'invalid_input', messageKey: 'catalog.import_invalid', issues: [wrongRow] }, 400), envelope(true, '', report)]);
    const onImported = vi.fn();
    render(
      <I18nProvider i18n={i18n}>
        <ImportDialog calls={catalogApi(invalidModeCatalog)} onClose={() => undefined} onImported={onImported} />
      </I18nProvider>,
    );
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByRole('button', { name: 'Choose file' })).toBeTruthy();
    expect(within(dialog).getByTestId('catalog-import-file').textContent).toBe('No file chosen');
    choose(dialog, 'modes.xlsx');
    expect(within(dialog).getByTestId('catalog-import-file').textContent).toBe('modes.xlsx');
    fireEvent.change(within(dialog).getByTestId('catalog-import-mode'), { target: { value: 'cover' } });
    fireEvent.click(within(dialog).getByTestId('catalog-import-run'));

    const refusal = await within(dialog).findByTestId('catalog-import-refusal');
    expect(refusal.textContent).toContain('Wrong rows in the import: 1 (listed below); nothing was written.');
    // said once: the dialog adds no line of its own
    expect(refusal.textContent!.match(/nothing was written/gi)).toHaveLength(1);
    expect(within(refusal).queryByTestId('catalog-import-columns')).toBeNull();
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
    const sent = serve([envelope(false, 'Columns with data have no field\nColumn F (Colour) has no field', { code: 'invalid_input', messageKey: 'import.columns_unmapped', issues: [unmapped] }, 400), envelope(true, '', { ...report, rowErrors: [], unmappedColumns: [unmapped] })]);
    render(
      <I18nProvider i18n={i18n}>
        <ImportDialog calls={catalogApi(invalidModeCatalog)} onClose={() => undefined} onImported={() => undefined} />
      </I18nProvider>,
    );
    const dialog = screen.getByRole('dialog');
    choose(dialog, 'modes.xlsx');
    fireEvent.click(within(dialog).getByTestId('catalog-import-run'));
    await within(dialog).findByTestId('catalog-import-refusal');
    expect(within(dialog).getByTestId('catalog-import-run').textContent).toBe('Import without them');
    fireEvent.click(within(dialog).getByTestId('catalog-import-run'));
    await screen.findByTestId('catalog-import-report');
    expect([sent[1]!.get('acceptUnmapped'), sent[1]!.get('goodRowsOnly'), sent[1]!.get('importWayType')]).toEqual(['true', 'false', 'dedupe']);
    await waitFor(() => expect(screen.getByTestId('catalog-import-report').textContent).toContain('Column F (Colour) has no field'));
  });

  it('shows the columns and the wrong rows of one refusal together, and leaves both out in one run', async () => {
    const headline = 'Wrong rows in the import: 1; columns with no field: 1 (listed below); nothing was written.';
    const sent = serve([
      envelope(false, `${headline}\nColumn F (Colour) has no field\nRow 3: Severity must be at most 10`, { code: 'invalid_input', messageKey: 'catalog.import_refused', params: { count: 1, columns: 1 }, issues: [unmapped, wrongRow] }, 400),
      envelope(true, '', { ...report, unmappedColumns: [unmapped] }),
    ]);
    render(
      <I18nProvider i18n={i18n}>
        <ImportDialog calls={catalogApi(invalidModeCatalog)} onClose={() => undefined} onImported={() => undefined} fieldLabel={(key) => (key === 'severity' ? 'Severity' : key)} />
      </I18nProvider>,
    );
    const dialog = screen.getByRole('dialog');
    choose(dialog, 'modes.xlsx');
    fireEvent.click(within(dialog).getByTestId('catalog-import-run'));
    const refusal = await within(dialog).findByTestId('catalog-import-refusal');
    expect(refusal.textContent!.match(/nothing was written/gi)).toHaveLength(1);
    expect(within(refusal).getByTestId('catalog-import-columns').querySelector('caption')!.textContent).toBe('Columns not imported');
    // a column has no row to show
    expect(within(within(refusal).getByTestId('catalog-import-columns')).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Column', 'Problem']);
    expect(within(within(refusal).getByTestId('catalog-import-columns')).getAllByRole('row')[1]!.textContent).toBe('ColourColumn F (Colour) has no field');
    expect(within(refusal).getByTestId('catalog-import-rows').querySelector('caption')!.textContent).toBe('Rows with problems');
    expect(within(within(refusal).getByTestId('catalog-import-rows')).getAllByRole('row')[1]!.textContent).toBe('3SeverityRow 3: Severity must be at most 10');
    expect(within(dialog).getByTestId('catalog-import-run').textContent).toBe('Leave out the columns, import the good rows');
    expect([sent[0]!.get('acceptUnmapped'), sent[0]!.get('goodRowsOnly')]).toEqual(['false', 'false']);

    fireEvent.click(within(dialog).getByTestId('catalog-import-run'));
    const result = await screen.findByTestId('catalog-import-report');
    expect([sent[1]!.get('acceptUnmapped'), sent[1]!.get('goodRowsOnly')]).toEqual(['true', 'true']);
    expect(result.textContent).toContain('Row 3: Severity must be at most 10');
    expect(result.textContent).toContain('Column F (Colour) has no field');
  });

  it('says under the file what refused it whole, offering nothing to leave out', async () => {
    serve([envelope(false, 'This file is not an Excel workbook (.xlsx)', { code: 'invalid_input', messageKey: 'file.workbook_unreadable', issues: [] }, 400)]);
    render(
      <I18nProvider i18n={i18n}>
        <ImportDialog calls={catalogApi(invalidModeCatalog)} onClose={() => undefined} onImported={() => undefined} />
      </I18nProvider>,
    );
    const dialog = screen.getByRole('dialog');
    choose(dialog, 'notes.xlsx');
    fireEvent.click(within(dialog).getByTestId('catalog-import-run'));
    await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toBe('This file is not an Excel workbook (.xlsx)'));
    expect(within(dialog).queryByTestId('catalog-import-refusal')).toBeNull();
    expect(within(dialog).getByTestId('catalog-import-run').textContent).toBe('Import');
  });
});
