import { useLingui } from '@lingui/react/macro';
import { api, CheckList, Field, FormDialog, localName, Select, TextInput, useForm } from '@fmea/sdk';
import { ROLE_TYPES, roleTypeLabel } from '../../common/labels.ts';
import type { Role, RoleType } from '../../common/types.ts';

interface Draft {
  name: string;
  nameEn: string;
  roleType: RoleType;
  productTypes: string[];
}

/** Create (role null) or edit a role's name, type and product types. */
export function RoleDialog({ role, productTypes, onClose, onSaved }: { role: Role | null; productTypes: { value: string; label: string }[]; onClose: () => void; onSaved: (role: Role) => void }) {
  const { t, i18n } = useLingui();
  const form = useForm({
    initial: (): Draft => ({ name: role?.name ?? '', nameEn: role?.nameEn ?? '', roleType: role?.roleType ?? '2', productTypes: role?.productTypes ?? [] }),
    save: (d) => api.post('/api/role/save', { ...(role ? { id: role.id } : {}), ...d, name: d.name.trim(), nameEn: d.nameEn.trim() }),
    onSaved,
  });
  const { draft, set, error } = form;

  // product types no longer in the dictionary stay visible so they can be removed
  const options = [...productTypes, ...draft.productTypes.filter((p) => !productTypes.some((o) => o.value === p)).map((p) => ({ value: p, label: p }))];

  return (
    <FormDialog form={form} title={role ? t`Edit role ${localName(i18n.locale, role.name, role.nameEn)}` : t`New role`} formId="sys-role-form" formLabel={t`Role`} onClose={onClose}>
      <Field label={t`Name`} error={error('name')} required>
        {(id) => <TextInput id={id} name="name" maxLength={200} value={draft.name} onChange={(e) => set('name', e.target.value)} />}
      </Field>
      <Field label={t`English name`} error={error('nameEn')}>
        {(id) => <TextInput id={id} name="nameEn" maxLength={200} value={draft.nameEn} onChange={(e) => set('nameEn', e.target.value)} />}
      </Field>
      <Field label={t`Role type`} error={error('roleType')}>
        {(id) => (
          <Select id={id} name="roleType" value={draft.roleType} onChange={(e) => set('roleType', e.target.value as RoleType)} options={ROLE_TYPES.map((r) => ({ value: r, label: roleTypeLabel(r) }))} />
        )}
      </Field>
      <Field label={t`Product types`} error={error('productTypes')} hint={options.length === 0 ? t`Add product types in the dictionary "productType" to offer them here.` : undefined}>
        {(id) => <CheckList id={id} options={options} value={draft.productTypes} onChange={(v) => set('productTypes', v)} />}
      </Field>
    </FormDialog>
  );
}
