import { useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { api, Button, confirmLeave, Dialog, Field, Select, TextInput, useDirty } from '@fmea/workbench/sdk';
import { CheckList } from '../../common/CheckList.tsx';
import { FormError } from '../../common/FormError.tsx';
import { ROLE_TYPES, roleTypeLabel } from '../../common/labels.ts';
import { NO_ERRORS, readServerError, type FormErrors } from '../../common/server-errors.ts';
import type { Role, RoleType } from '../../common/types.ts';
import { localName } from '../../common/format.ts';

interface Draft {
  name: string;
  nameEn: string;
  roleType: RoleType;
  productTypes: string[];
}

/** Create (role null) or edit a role's name, type and product types. */
export function RoleDialog({ role, productTypes, onClose, onSaved }: { role: Role | null; productTypes: { value: string; label: string }[]; onClose: () => void; onSaved: (role: Role) => void }) {
  const { t, i18n } = useLingui();
  const [initial] = useState<Draft>(() => ({ name: role?.name ?? '', nameEn: role?.nameEn ?? '', roleType: role?.roleType ?? '2', productTypes: role?.productTypes ?? [] }));
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [busy, setBusy] = useState(false);
  useDirty(JSON.stringify(draft) !== JSON.stringify(initial));
  const close = async () => {
    if (await confirmLeave()) onClose();
  };
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));

  // product types no longer in the dictionary stay visible so they can be removed
  const options = [...productTypes, ...draft.productTypes.filter((p) => !productTypes.some((o) => o.value === p)).map((p) => ({ value: p, label: p }))];

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setErrors(NO_ERRORS);
    try {
      onSaved(await api.post<Role>('/api/role/save', { ...(role ? { id: role.id } : {}), ...draft, name: draft.name.trim(), nameEn: draft.nameEn.trim() }));
    } catch (error) {
      setErrors(readServerError(error, ['name', 'nameEn', 'roleType', 'productTypes']));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && void close()}
      title={role ? t`Edit role ${localName(i18n.locale, role.name, role.nameEn)}` : t`New role`}
      actions={
        <>
          <Button onClick={() => void close()}>
            <Trans>Cancel</Trans>
          </Button>
          <Button kind="primary" type="submit" form="sys-role-form" disabled={busy}>
            <Trans>Save</Trans>
          </Button>
        </>
      }
    >
      <form noValidate id="sys-role-form" onSubmit={(e) => void submit(e)} aria-label={t`Role`}>
        <Field label={t`Name`} error={errors.fields.name} required>
          {(id) => <TextInput id={id} name="name" maxLength={200} value={draft.name} onChange={(e) => set('name', e.target.value)} />}
        </Field>
        <Field label={t`English name`} error={errors.fields.nameEn}>
          {(id) => <TextInput id={id} name="nameEn" maxLength={200} value={draft.nameEn} onChange={(e) => set('nameEn', e.target.value)} />}
        </Field>
        <Field label={t`Role type`} error={errors.fields.roleType}>
          {(id) => (
            <Select id={id} name="roleType" value={draft.roleType} onChange={(e) => set('roleType', e.target.value as RoleType)} options={ROLE_TYPES.map((r) => ({ value: r, label: roleTypeLabel(r) }))} />
          )}
        </Field>
        <Field label={t`Product types`} error={errors.fields.productTypes} hint={options.length === 0 ? t`Add product types in the dictionary "productType" to offer them here.` : undefined}>
          {(id) => <CheckList id={id} options={options} value={draft.productTypes} onChange={(v) => set('productTypes', v)} />}
        </Field>
      </form>
      <FormError message={errors.message} />
    </Dialog>
  );
}
