// @vitest-environment happy-dom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { ApiError } from '../api/client.ts';
import { i18n } from '../i18n/index.ts';
import { ConfirmHost } from './feedback.tsx';
import { FormDialog } from './form/form-dialog.tsx';
import { useForm } from './form/use-form.ts';
import { ImportModeField, ImportRefusal, ImportReportDialog, SpreadsheetFileField, useSpreadsheetImport, type ImportMode, type SpreadsheetImportOptions } from './SpreadsheetImport.tsx';

beforeAll(() => {
  i18n.load('en-US', {});
  i18n.activate('en-US');
});
afterEach(cleanup);

type Sent = { file: string; mode: ImportMode; acceptUnmapped: string; goodRowsOnly: string };

/** An import dialog as the workbench's are built: useForm + FormDialog, the file, the mode (cover asks first), the refusal, the report. */
function SheetImport({ options, send }: { options?: Partial<SpreadsheetImportOptions<unknown>>; send: (form: Sent) => Promise<unknown> }) {
  const importing = useSpreadsheetImport<unknown>({ onImported: () => undefined, ...options });
  const form = useForm({
    initial: { file: null as File | null, mode: 'dedupe' as ImportMode },
    save: async (d) => {
      if (d.mode === 'cover' && !importing.refusal) await importing.askFirst({ title: 'Import', message: 'Cover replaces everything. Continue?' });
      return send({ file: d.file!.name, mode: d.mode, ...importing.accept() });
    },
    ...importing.formOptions,
  });
  if (importing.report)
    return (
      <ImportReportDialog title="Import" testId="sheet" onClose={() => undefined}>
        <p>{JSON.stringify(importing.report)}</p>
      </ImportReportDialog>
    );
  return (
    <FormDialog
      form={form}
      title="Import"
      onClose={() => undefined}
      submitLabel={importing.submitLabel}
      submitDisabled={!form.draft.file || importing.blocked}
      saveTestId="sheet-run"
      footer={<ImportRefusal of={importing} testId="sheet" fieldLabel={(field) => field.toUpperCase()} />}
    >
      <SpreadsheetFileField form={form} importing={importing} label="Spreadsheet" hint=".xlsx" testId="sheet-file" inputTestId="sheet-input" />
      <ImportModeField form={form} testId="sheet-mode" dedupe="Keep what is there" cover="Replace it" />
    </FormDialog>
  );
}

/** The server's refusal: the headline, one line per issue, the issues in `data`. */
const refused = (messageKey: string, issues: { messageKey: string; field?: string; row?: number; message: string }[], params: Record<string, number> = {}) =>
  new ApiError(['Nothing was written', ...issues.map((i) => i.message)].join('\n'), 400, 400, { code: 'invalid_input', messageKey, params, issues });
const colour = { field: 'colour', messageKey: 'import.column_unmapped', message: 'Column F (Colour) has no field' };
const headerCell = { row: 2, field: 'owner', messageKey: 'import.cell_unmapped', message: 'Cell B2 has no place' };
const row3 = { row: 3, field: 'severity', messageKey: 'validation.max', message: 'Severity must be at most 10' };
const row4 = { row: 4, field: 'severity', messageKey: 'validation.max', message: 'Severity must be at most 10' };

function open(send: (form: Sent) => Promise<unknown>, options?: Partial<SpreadsheetImportOptions<unknown>>) {
  render(
    <I18nProvider i18n={i18n}>
      <SheetImport send={send} options={options} />
      <ConfirmHost />
    </I18nProvider>,
  );
  return screen.getByRole('dialog');
}
const choose = (dialog: HTMLElement, name: string) => fireEvent.change(within(dialog).getByTestId('sheet-input'), { target: { files: [new File(['x'], name)] } });
const run = (dialog: HTMLElement) => within(dialog).getByTestId('sheet-run') as HTMLButtonElement;

describe('the spreadsheet import pieces', () => {
  it('shows the chosen file and the mode, runs only once a file is chosen, asks before covering, and shows the report', async () => {
    const send = vi.fn(async (_: Sent) => ({ created: 2 }));
    const dialog = open(send);
    expect(within(dialog).getByTestId('sheet-file').textContent).toBe('No file chosen');
    expect(within(dialog).getByRole('button', { name: 'Choose file' })).toBeTruthy();
    expect(run(dialog).disabled).toBe(true);
    choose(dialog, 'modes.xlsx');
    expect(within(dialog).getByTestId('sheet-file').textContent).toBe('modes.xlsx');
    expect([...within(dialog).getByTestId('sheet-mode').querySelectorAll('option')].map((o) => o.textContent)).toEqual(['Keep what is there', 'Replace it']);
    fireEvent.change(within(dialog).getByTestId('sheet-mode'), { target: { value: 'cover' } });
    expect(run(dialog).textContent).toBe('Import');
    // no: nothing sent, nothing said
    fireEvent.click(run(dialog));
    fireEvent.click(within(await screen.findByTestId('confirm-dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByTestId('confirm-dialog')).toBeNull());
    await waitFor(() => expect(run(dialog).disabled).toBe(false));
    expect(send).not.toHaveBeenCalled();
    expect(within(dialog).queryByRole('alert')).toBeNull();
    // yes: sent, and the report takes the form's place
    fireEvent.click(run(dialog));
    fireEvent.click(within(await screen.findByTestId('confirm-dialog')).getByRole('button', { name: 'Confirm' }));
    expect((await screen.findByTestId('sheet-report')).textContent).toBe('{"created":2}');
    expect(send).toHaveBeenCalledWith({ file: 'modes.xlsx', mode: 'cover', acceptUnmapped: 'false', goodRowsOnly: 'false' });
    expect(screen.getByTestId('sheet-close').textContent).toBe('Close');
  });

  it('lists parts with no place by their key, then leaves them out, and keeps leaving them out once the rows are refused', async () => {
    const send = vi.fn<(form: Sent) => Promise<unknown>>().mockRejectedValueOnce(refused('import.columns_unmapped', [headerCell])).mockRejectedValueOnce(refused('sheet.import_invalid', [row3])).mockResolvedValue({});
    const dialog = open(send);
    choose(dialog, 'plan.xlsx');
    fireEvent.click(run(dialog));
    const refusal = await within(dialog).findByTestId('sheet-refusal');
    // the headline only: the issues are in the table
    expect(refusal.querySelector('.form-error')!.textContent).toBe('Nothing was written');
    // a header cell's issue names its row, and is still a part with no place
    expect(within(refusal).getByTestId('sheet-columns').querySelector('caption')!.textContent).toBe('Columns not imported');
    expect(within(within(refusal).getByTestId('sheet-columns')).getAllByRole('row')[1]!.textContent).toBe('OWNERCell B2 has no place');
    expect(within(refusal).queryByTestId('sheet-rows')).toBeNull();
    expect(run(dialog).textContent).toBe('Import without them');

    fireEvent.click(run(dialog));
    await within(dialog).findByTestId('sheet-rows');
    expect(send.mock.calls[1]![0]).toMatchObject({ acceptUnmapped: 'true', goodRowsOnly: 'false' });
    expect(within(dialog).queryByTestId('sheet-columns')).toBeNull();
    expect(run(dialog).textContent).toBe('Import the good rows');
    expect(run(dialog).disabled).toBe(false);

    fireEvent.click(run(dialog));
    await waitFor(() => expect(send).toHaveBeenCalledTimes(3));
    expect(send.mock.calls[2]![0]).toMatchObject({ acceptUnmapped: 'true', goodRowsOnly: 'true' });
  });

  it('divides one refusal of both by row, and leaves both out in one run', async () => {
    const send = vi.fn<(form: Sent) => Promise<unknown>>().mockRejectedValueOnce(refused('catalog.import_refused', [colour, row3])).mockResolvedValue({});
    const dialog = open(send, { keys: ['catalog.import_refused'], split: 'row' });
    choose(dialog, 'modes.xlsx');
    fireEvent.click(run(dialog));
    const refusal = await within(dialog).findByTestId('sheet-refusal');
    // a column has no row to show
    expect(within(within(refusal).getByTestId('sheet-columns')).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Column', 'Problem']);
    expect(within(within(refusal).getByTestId('sheet-rows')).getAllByRole('row')[1]!.textContent).toBe('3SEVERITYSeverity must be at most 10');
    expect(run(dialog).textContent).toBe('Leave out the columns, import the good rows');
    fireEvent.click(run(dialog));
    await waitFor(() => expect(send).toHaveBeenCalledTimes(2));
    expect(send.mock.calls[1]![0]).toMatchObject({ acceptUnmapped: 'true', goodRowsOnly: 'true' });
  });

  it('waits for a corrected file when the import takes no good rows only, or when no row is good', async () => {
    const all = vi.fn<(form: Sent) => Promise<unknown>>().mockRejectedValue(refused('fmea.import_invalid', [row3]));
    const dialog = open(all, { goodRows: false });
    choose(dialog, 'features.xlsx');
    fireEvent.click(run(dialog));
    const refusal = await within(dialog).findByTestId('sheet-refusal');
    expect(refusal.textContent).toContain('Correct these rows and choose the file again.');
    expect(run(dialog).textContent).toBe('Import');
    expect(run(dialog).disabled).toBe(true);
    // another file: the refusal goes
    choose(dialog, 'corrected.xlsx');
    expect(within(dialog).queryByTestId('sheet-refusal')).toBeNull();
    expect(run(dialog).disabled).toBe(false);
    cleanup();

    // the sheet read two rows, both wrong
    const none = vi.fn<(form: Sent) => Promise<unknown>>().mockRejectedValue(refused('sheet.import_invalid', [row3, row4], { rows: 2 }));
    const second = open(none);
    choose(second, 'plan.xlsx');
    fireEvent.click(run(second));
    await within(second).findByTestId('sheet-rows');
    expect(within(second).getByTestId('sheet-refusal').textContent).not.toContain('Correct these rows');
    expect(run(second).disabled).toBe(true);
  });

  it('says under the file what refused it whole, or a refusal the dialog does not list', async () => {
    const send = vi
      .fn<(form: Sent) => Promise<unknown>>()
      .mockRejectedValueOnce(new ApiError('This file is not an Excel workbook (.xlsx)', 400, 400, { code: 'invalid_input', messageKey: 'file.workbook_unreadable', issues: [] }))
      .mockRejectedValueOnce(refused('request.invalid', [row3]));
    const dialog = open(send, { keys: ['import.columns_unmapped'] });
    choose(dialog, 'notes.xlsx');
    fireEvent.click(run(dialog));
    await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toBe('This file is not an Excel workbook (.xlsx)'));
    fireEvent.click(run(dialog));
    await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toContain('Severity must be at most 10'));
    expect(within(dialog).queryByTestId('sheet-refusal')).toBeNull();
    expect(run(dialog).textContent).toBe('Import');
  });
});
