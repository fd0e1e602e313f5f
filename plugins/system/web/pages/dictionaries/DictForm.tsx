import { Trans, useLingui } from '@lingui/react/macro';
import { api, Button, Field, FormError, TextInput, TranslateButton, TranslateRow, useForm, type ApiData } from '@fmea/sdk';
import type { DictItem } from '../../common/types.ts';

/** What the form edits: an existing item, or a new one under `parentId` ('' for a new type). */
export type DictTarget = { kind: 'edit'; item: DictItem } | { kind: 'new'; parentId: string; parentLabel: string | null };

/** Code, name, English name and sort of one dictionary type or item. */
export function DictForm({
  target,
  canSave,
  onSaved,
  onCancel,
}: {
  target: DictTarget;
  canSave: boolean;
  onSaved: (item: ApiData<'/api/dictionary/saveOrUpdate'>) => void;
  onCancel: () => void;
}) {
  const { t } = useLingui();
  const item = target.kind === 'edit' ? target.item : null;
  const form = useForm({
    initial: { code: item?.code ?? '', name: item?.name ?? '', enName: item?.enName ?? '', sort: String(item?.sort ?? 1) },
    save: (d) =>
      api.post('/api/dictionary/saveOrUpdate', {
        ...(item ? { id: item.id, parentId: item.parentId } : { parentId: target.kind === 'new' ? target.parentId : '' }),
        code: d.code.trim(),
        name: d.name.trim(),
        enName: d.enName.trim(),
        // not a whole number: sent as typed so the server names the problem
        sort: /^\d+$/.test(d.sort.trim()) ? Number(d.sort) : (d.sort as unknown as number),
      }),
    onSaved,
  });
  const { draft, set, error, dirty, busy } = form;

  const title =
    target.kind === 'edit'
      ? target.item.parentId
        ? t`Edit item ${target.item.code}`
        : t`Edit type ${target.item.code}`
      : target.parentLabel
        ? t`New item under ${target.parentLabel}`
        : t`New dictionary type`;

  return (
    <form noValidate className="sys-panel" onSubmit={(e) => void form.submit(e)} aria-label={title} data-testid="dict-form">
      <h3>{title}</h3>
      <Field label={t`Code`} error={error('code')} required>
        {(id) => <TextInput id={id} name="code" maxLength={50} value={draft.code} disabled={!canSave} onChange={(e) => set('code', e.target.value)} />}
      </Field>
      <Field label={t`Name`} error={error('name')} required>
        {(id) => <TextInput id={id} name="name" maxLength={200} value={draft.name} disabled={!canSave} onChange={(e) => set('name', e.target.value)} />}
      </Field>
      <Field label={t`English name`} error={error('enName')}>
        {(id) => (
          <TranslateRow>
            <TextInput id={id} name="enName" maxLength={200} value={draft.enName} disabled={!canSave} onChange={(e) => set('enName', e.target.value)} />
            {canSave ? <TranslateButton source={draft.name} onTranslated={(text) => set('enName', text.slice(0, 200))} /> : null}
          </TranslateRow>
        )}
      </Field>
      <Field label={t`Sort`} error={error('sort')} hint={t`A positive whole number; lower comes first.`}>
        {(id) => <TextInput id={id} name="sort" inputMode="numeric" value={draft.sort} disabled={!canSave} onChange={(e) => set('sort', e.target.value)} />}
      </Field>
      <FormError message={form.errors.message} />
      {canSave ? (
        <div className="page-actions">
          <Button kind="primary" type="submit" disabled={busy || (!dirty && target.kind === 'edit')}>
            <Trans>Save</Trans>
          </Button>
          <Button onClick={onCancel} disabled={busy || (target.kind === 'edit' && !dirty)}>
            {target.kind === 'new' ? <Trans>Cancel</Trans> : <Trans>Undo changes</Trans>}
          </Button>
        </div>
      ) : null}
    </form>
  );
}
