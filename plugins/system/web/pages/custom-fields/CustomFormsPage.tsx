import { useMemo, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { CUSTOM_FIELD_ENTITIES, type CustomFieldEntity } from '@fmea/core/domain';
import { api, Button, confirm, DataGrid, localName, notify, notifyError, PageHeader, Select, useGridLabels, useLoad, usePermission, type CustomFieldDef, type DataGridColumn } from '@fmea/sdk';
import { CustomFieldDialog } from './CustomFieldDialog.tsx';
import { useEntityLabel, useFieldTypeLabel } from './labels.ts';
import '../../system.css';

/**
 * Customisation forms (spec 000 §2.4): the custom fields of each entity that takes them. Their
 * values show in the entity's forms, grids, Excel workbooks and API (docs/domain/custom-fields.md).
 */
export default function CustomFormsPage() {
  const { t, i18n } = useLingui();
  const allowed = usePermission('system_customForm');
  const labels = useGridLabels();
  const entityLabel = useEntityLabel();
  const typeLabel = useFieldTypeLabel();
  const [entity, setEntity] = useState<CustomFieldEntity>('fmeaProject');
  const [editing, setEditing] = useState<CustomFieldDef | 'new' | null>(null);
  const fields = useLoad(() => api.get('/api/customField/list', { entity }), [entity]);
  const list = fields.data ?? [];

  async function remove(f: CustomFieldDef) {
    const name = localName(i18n.locale, f.alias, f.aliasEn);
    if (!(await confirm({ title: t`Delete custom field`, message: t`Delete the custom field "${name}"?`, danger: true }))) return;
    try {
      await api.post('/api/customField/delete', { id: f.id });
      notify('success', t`Custom field deleted`);
      fields.reload();
    } catch (error) {
      notifyError(error);
    }
  }

  const yes = (on: boolean) => (on ? t`Yes` : t`No`);
  const columns = useMemo<DataGridColumn<CustomFieldDef>[]>(
    () => [
      { id: 'sort', header: t`Sort order`, accessor: 'sort', width: 90 },
      { id: 'systemName', header: t`System name`, accessor: 'systemName', width: 150, hideable: false },
      { id: 'alias', header: t`Alias`, accessor: 'alias', width: 150 },
      { id: 'aliasEn', header: t`English alias`, accessor: 'aliasEn', width: 150 },
      { id: 'fieldType', header: t`Type`, accessor: (f) => (f.fieldType === 'choice' ? `${typeLabel(f.fieldType)} (${f.dictType ?? ''})` : typeLabel(f.fieldType)), width: 190 },
      { id: 'required', header: t`Required`, accessor: (f) => yes(f.required), width: 80 },
      { id: 'shown', header: t`Shown`, accessor: (f) => yes(f.shown), width: 80 },
      { id: 'placeholder', header: t`Placeholder`, accessor: (f) => f.placeholder ?? '', width: 140 },
      {
        id: 'actions',
        header: t`Actions`,
        width: 140,
        hideable: false,
        cell: (f) => (
          <span className="sys-row-actions">
            {allowed('edit') ? (
              <Button kind="link" onClick={() => setEditing(f)}>
                <Trans>Edit</Trans>
              </Button>
            ) : null}
            {allowed('del') ? (
              <Button kind="link" className="btn btn-link sys-danger-link" onClick={() => void remove(f)}>
                <Trans>Delete</Trans>
              </Button>
            ) : null}
          </span>
        ),
      },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, allowed],
  );

  return (
    <div className="page" data-testid="system-custom-forms">
      <PageHeader
        title={<Trans>Customisation forms</Trans>}
        actions={
          allowed('add') ? (
            <Button kind="primary" data-testid="custom-field-add" onClick={() => setEditing('new')}>
              <Trans>New custom field</Trans>
            </Button>
          ) : null
        }
      />
      <DataGrid<CustomFieldDef>
        aria-label={t`Custom fields`}
        columns={columns}
        rows={list}
        rowKey={(f) => f.id}
        labels={labels}
        emptyText={fields.error ?? (fields.loading ? t`Loading…` : t`No custom fields yet`)}
        toolbar={
          <Select
            aria-label={t`Form`}
            data-testid="custom-field-entity"
            value={entity}
            onChange={(e) => setEntity(e.target.value as CustomFieldEntity)}
            options={CUSTOM_FIELD_ENTITIES.map((v) => ({ value: v, label: entityLabel(v) }))}
          />
        }
      />
      {editing ? (
        <CustomFieldDialog
          entity={entity}
          field={editing === 'new' ? null : editing}
          nextSort={Math.max(0, ...list.map((f) => f.sort)) + 1}
          onClose={() => setEditing(null)}
          onSaved={(f) => {
            setEditing(null);
            notify('success', t`Custom field ${f.systemName} saved`);
            fields.reload();
          }}
        />
      ) : null}
    </div>
  );
}
