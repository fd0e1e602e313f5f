// @vitest-environment happy-dom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { ApiError } from '../../api/client.ts';
import { i18n } from '../../i18n/index.ts';
import { ui } from '../../stores/ui.ts';
import { CheckList } from '../CheckList.tsx';
import { ConfirmHost } from '../feedback.tsx';
import { Field, TextInput } from '../form.tsx';
import { FormDialog } from './form-dialog.tsx';
import { readServerError } from './server-errors.ts';
import { useForm, type FormOptions } from './use-form.ts';

beforeAll(() => {
  i18n.load('en-US', {});
  i18n.activate('en-US');
});
afterEach(cleanup);

interface Draft {
  name: string;
  roles: string[];
}

/** What the API answers for a refused save: the translated headline, one line per issue, and the issues in `data`. */
function refusal(lines: string[], issues: { messageKey: string; field?: string; row?: number }[]): ApiError {
  return new ApiError(['The input is invalid', ...lines].join('\n'), 400, 400, { code: 'invalid_input', messageKey: 'request.invalid', issues });
}

function RoleForm({ options, onClose = () => undefined }: { options: Partial<FormOptions<Draft, { id: string }>>; onClose?: () => void }) {
  const form = useForm<Draft, { id: string }>({ initial: { name: 'Engineer', roles: [] }, save: async () => ({ id: 'r1' }), ...options });
  return (
    <FormDialog form={form} title="Edit role" onClose={onClose}>
      <Field label="Name" error={form.error('name')} required>
        {(id) => <TextInput id={id} value={form.draft.name} onChange={(e) => form.set('name', e.target.value)} />}
      </Field>
      <Field label="Roles" error={form.error('roles')}>
        {(id) => <CheckList id={id} aria-label="Roles" options={[{ value: 'a', label: 'Auditor' }]} value={form.draft.roles} onChange={(v) => form.set('roles', v)} />}
      </Field>
    </FormDialog>
  );
}

function show(options: Partial<FormOptions<Draft, { id: string }>>, onClose?: () => void) {
  return render(
    <I18nProvider i18n={i18n}>
      <RoleForm options={options} onClose={onClose} />
      <ConfirmHost />
    </I18nProvider>,
  );
}

const dialog = () => screen.getByRole('dialog', { name: 'Edit role' });
const nameInput = () => screen.getByLabelText(/^Name/) as HTMLInputElement;
const button = (name: string) => within(dialog()).getByRole('button', { name });
/** The problem a control is described by (Field ties it with aria-describedby). */
const describedBy = (element: HTMLElement) => (element.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent ?? '').join('|');
const typeName = (value: string) => fireEvent.change(nameInput(), { target: { value } });

describe('FormDialog', () => {
  it('has the same two buttons: Cancel, then Save, which submits the form (so Enter in a field saves too)', async () => {
    const save = vi.fn(async () => ({ id: 'r1' }));
    const onSaved = vi.fn();
    show({ save, onSaved });
    const buttons = within(dialog()).getAllByRole('button').filter((b) => b.closest('.dialog-actions'));
    expect(buttons.map((b) => b.textContent)).toEqual(['Cancel', 'Save']);
    expect(buttons[1]!.getAttribute('type')).toBe('submit');
    const form = dialog().querySelector('form')!;
    expect(buttons[1]!.getAttribute('form')).toBe(form.id);

    typeName('Lead engineer');
    fireEvent.submit(form);
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith({ id: 'r1' }, { name: 'Lead engineer', roles: [] }));
    expect(save).toHaveBeenCalledWith({ name: 'Lead engineer', roles: [] });
  });

  it('keeps Save disabled while a save is under way, so it is not sent twice', async () => {
    let finish: (value: { id: string }) => void = () => undefined;
    const save = vi.fn(() => new Promise<{ id: string }>((resolve) => (finish = resolve)));
    show({ save });
    fireEvent.click(button('Save'));
    await waitFor(() => expect((button('Save') as HTMLButtonElement).disabled).toBe(true));
    fireEvent.submit(dialog().querySelector('form')!);
    expect(save).toHaveBeenCalledTimes(1);
    await act(async () => finish({ id: 'r1' }));
    await waitFor(() => expect((button('Save') as HTMLButtonElement).disabled).toBe(false));
  });

  it('shows the server’s field issues under the fields they name, by label, and the rest under the form', async () => {
    const save = vi.fn(async () => {
      throw refusal(['Name: at most 200 characters', 'Roles: choose at least one', 'Row 3: unknown role', 'Site: unknown'], [
        { messageKey: 'text.too_long', field: 'name' },
        { messageKey: 'roles.required', field: 'roles.0' },
        { messageKey: 'role.unknown', field: 'name', row: 3 },
        { messageKey: 'site.unknown', field: 'siteId' },
      ]);
    });
    show({ save });
    fireEvent.click(button('Save'));

    await waitFor(() => expect(nameInput().getAttribute('aria-invalid')).toBe('true'));
    expect(describedBy(nameInput())).toBe('Name: at most 200 characters');
    expect(nameInput().closest('.field')!.querySelector('.field-message')!.textContent).toBe('Name: at most 200 characters');
    // a path (roles.0) is placed under its first segment
    const roles = screen.getByRole('group', { name: 'Roles' });
    expect(roles.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(roles)).toBe('Roles: choose at least one');
    // row issues and fields the form does not show stay with the headline under the form
    expect(screen.getByTestId('form-error').textContent).toBe('The input is invalid\nRow 3: unknown role\nSite: unknown');

    // changing a field clears its problem, the others stay
    typeName('Engineer 2');
    expect(nameInput().getAttribute('aria-invalid')).toBeNull();
    expect(nameInput().closest('.field')!.querySelector('.field-message')).toBeNull();
    expect(roles.getAttribute('aria-invalid')).toBe('true');
  });

  it('places issues under fields the server names otherwise, and shows a message that is no API error under the form', async () => {
    const save = vi.fn().mockRejectedValueOnce(refusal(['Site name: required'], [{ messageKey: 'text.required', field: 'siteName' }])).mockRejectedValueOnce(new Error('Network down'));
    show({ save, serverFields: { siteName: 'name' } });
    fireEvent.click(button('Save'));
    await waitFor(() => expect(describedBy(nameInput())).toBe('Site name: required'));

    fireEvent.click(button('Save'));
    await waitFor(() => expect(screen.getByTestId('form-error').textContent).toBe('Network down'));
    expect(nameInput().getAttribute('aria-invalid')).toBeNull();
  });

  it('places an issue by its whole path where the form shows parts of one request field apart, and scrolls to the first problem (issue 20)', async () => {
    const scrolled: Element[] = [];
    const scroll = vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(function (this: Element) {
      scrolled.push(this);
    });
    try {
      const save = vi.fn().mockRejectedValueOnce(refusal(['Quality reviewer Wang Wu cannot read this project'], [{ messageKey: 'fmea.reviewer_cannot_read', field: 'assignees.quality' }]));
      show({ save, serverFields: { 'assignees.quality': 'name', assignees: 'roles' } });
      fireEvent.click(button('Save'));
      await waitFor(() => expect(describedBy(nameInput())).toBe('Quality reviewer Wang Wu cannot read this project'));
      expect(scrolled.at(-1)).toBe(nameInput().closest('.field'));
      // typing in the field clears its problem without scrolling anywhere
      const before = scrolled.length;
      typeName('Engineer 2');
      expect(scrolled.length).toBe(before);
    } finally {
      scroll.mockRestore();
    }
  });

  it('shows its own checks under the fields and sends nothing while one fails', async () => {
    const save = vi.fn(async () => ({ id: 'r1' }));
    show({ save, validate: (d) => ({ fields: { name: !d.name.trim() && 'Enter a name.' } }) });
    typeName('  ');
    fireEvent.click(button('Save'));
    await waitFor(() => expect(describedBy(nameInput())).toBe('Enter a name.'));
    expect(save).not.toHaveBeenCalled();
  });

  it('closes a form without changes at once', async () => {
    const onClose = vi.fn();
    show({}, onClose);
    fireEvent.click(button('Cancel'));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(screen.queryByTestId('confirm-dialog')).toBeNull();
  });

  it('asks before a changed form is closed: Cancel keeps the form and its draft, Confirm closes it; the page is marked as edited meanwhile', async () => {
    const onClose = vi.fn();
    show({}, onClose);
    typeName('Lead engineer');
    expect(ui.editFlag).toBe('1');

    fireEvent.click(button('Cancel'));
    const ask = await screen.findByTestId('confirm-dialog');
    expect(within(ask).getByText('The changes in this form are not saved. Close it and discard them?')).toBeTruthy();
    fireEvent.click(within(ask).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByTestId('confirm-dialog')).toBeNull());
    expect(onClose).not.toHaveBeenCalled();
    expect(nameInput().value).toBe('Lead engineer');

    // Escape asks too
    fireEvent.keyDown(nameInput(), { key: 'Escape' });
    const again = await screen.findByTestId('confirm-dialog');
    fireEvent.click(within(again).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });

  it('is no longer changed once saved, and not changed when the draft is back to where it started', async () => {
    const onClose = vi.fn();
    show({}, onClose);
    typeName('Lead engineer');
    typeName('Engineer');
    expect(ui.editFlag).toBe('2');
    typeName('Lead engineer');
    fireEvent.click(button('Save'));
    await waitFor(() => expect(ui.editFlag).toBe('2'));
    fireEvent.click(button('Cancel'));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(screen.queryByTestId('confirm-dialog')).toBeNull();
  });

  it('is no longer marked as edited when onSaved runs, so it may close the dialog and navigate without being asked', async () => {
    const flags: string[] = [];
    show({ onSaved: () => flags.push(ui.editFlag) });
    typeName('Lead engineer');
    expect(ui.editFlag).toBe('1');
    fireEvent.click(button('Save'));
    await waitFor(() => expect(flags).toEqual(['2']));
  });

  it('reads a failed save its own way where the form says so (onFailed)', async () => {
    const save = vi.fn(async () => {
      throw refusal(['Row 2: bad'], [{ messageKey: 'x', row: 2 }]);
    });
    show({ save, onFailed: () => ({ message: null, fields: { name: 'The file is no workbook' } }) });
    fireEvent.click(button('Save'));
    await waitFor(() => expect(describedBy(nameInput())).toBe('The file is no workbook'));
    expect(screen.queryByTestId('form-error')).toBeNull();
  });
});

describe('readServerError', () => {
  it('keeps the whole message under the form when the lines do not match the issues', () => {
    expect(readServerError(new ApiError('Conflict: someone else saved', 409, 409, { code: 'conflict', issues: [] }), ['name'])).toEqual({ message: 'Conflict: someone else saved', fields: {} });
    expect(readServerError(refusal(['one', 'two'], [{ messageKey: 'a', field: 'name' }]), ['name']).fields).toEqual({});
  });

  it('places an issue without a field under one by its message key, the first line per field only', () => {
    const error = refusal(['Tick a class', 'Name: again', 'Name: once more'], [
      { messageKey: 'password.policy.no_class_required' },
      { messageKey: 'a', field: 'name' },
      { messageKey: 'b', field: 'name' },
    ]);
    expect(readServerError(error, ['name', 'requireLower'], { fieldOfKey: { 'password.policy.no_class_required': 'requireLower' } })).toEqual({
      message: 'The input is invalid\nName: once more',
      fields: { requireLower: 'Tick a class', name: 'Name: again' },
    });
  });
});
