import { useLingui } from '@lingui/react/macro';
import { api, Field, FormDialog, Select, TextInput, useForm, useLoad, type ApiData } from '@fmea/sdk';
import { SettingsFields, settingsBody, settingsDraft, type SettingsDraft } from '../settings-fields.tsx';

type TreeNode = NonNullable<ApiData<'/api/fmea/structureTree'>>;
type Draft = SettingsDraft & { name: string; dfmeaId: string; nodeId: string };

/** The structure elements of a DFMEA, depth first, indented by level (functions, type 2, are not elements). */
function elementsOf(root: TreeNode | null): { id: string; label: string }[] {
  const out: { id: string; label: string }[] = [];
  const walk = (node: TreeNode, depth: number) => {
    if (node.nodeType === 2) return;
    out.push({ id: node.id, label: `${'\u00a0\u00a0'.repeat(depth)}${node.name}` });
    for (const child of node.children as TreeNode[]) walk(child, depth + 1);
  };
  if (root) walk(root, 0);
  return out;
}

/**
 * A new FMEDA (FM…): its name, the standard and target, the safety goal, and optionally the DFMEA it is
 * generated from — the structure element whose lower-level elements become the worksheet's row groups,
 * each failure of theirs a row (POST /api/fmeda/create). The DFMEAs offered are those the user may open.
 */
export function NewFmedaDialog({ onClose, onCreated }: { onClose: () => void; onCreated: (project: { id: string; projectType: string }) => void }) {
  const { t } = useLingui();
  const dfmeas = useLoad(() => api.post('/api/project/list', { projectType: 'dfmea', tab: 'all', limit: 100 }).catch(() => ({ items: [] })), []);
  const form = useForm<Draft, ApiData<'/api/fmeda/create'>>({
    initial: { ...settingsDraft(), name: '', dfmeaId: '', nodeId: '' },
    validate: (d) => ({ fields: { name: !d.name.trim() && t`Enter the FMEDA’s name.` } }),
    save: (d) =>
      api.post('/api/fmeda/create', {
        name: d.name.trim(),
        ...settingsBody(d),
        ...(d.dfmeaId ? { fromDfmea: { projectId: d.dfmeaId, nodeId: d.nodeId || null } } : {}),
      }),
    serverFields: { fromDfmea: 'dfmeaId' },
    onSaved: (view) => onCreated({ id: view.projectId, projectType: 'fmeda' }),
  });
  const { draft, set, change } = form;
  const tree = useLoad(() => (draft.dfmeaId ? api.get('/api/fmea/structureTree', { projectId: draft.dfmeaId }) : Promise.resolve(null)), [draft.dfmeaId]);
  const elements = elementsOf(tree.data ?? null);
  return (
    <FormDialog form={form} title={t`New FMEDA`} width={620} onClose={onClose} saveTestId="fmeda-create">
      <Field label={t`Name`} required error={form.error('name')}>
        {(id) => <TextInput id={id} data-testid="fmeda-name" maxLength={200} value={draft.name} onChange={(e) => set('name', e.target.value)} />}
      </Field>
      <SettingsFields form={form} />
      <fieldset className="fmeda-generate">
        <legend>{t`Generate from a DFMEA (optional)`}</legend>
        <Field label={t`DFMEA`} error={form.error('dfmeaId')} hint={t`Each lower-level element of the chosen element becomes a row group, each of its failures a row.`}>
          {(id) => (
            <Select
              id={id}
              data-testid="fmeda-source-dfmea"
              value={draft.dfmeaId}
              onChange={(e) => change({ dfmeaId: e.target.value, nodeId: '' })}
              options={[{ value: '', label: t`None: start with an empty worksheet` }, ...(dfmeas.data?.items ?? []).map((p) => ({ value: p.id, label: `${p.serialNum} ${p.name}` }))]}
            />
          )}
        </Field>
        {draft.dfmeaId ? (
          <Field label={t`Structure element`}>
            {(id) => (
              <Select
                id={id}
                data-testid="fmeda-source-node"
                value={draft.nodeId}
                onChange={(e) => set('nodeId', e.target.value)}
                options={[{ value: '', label: t`The product (its subsystems become the row groups)` }, ...elements.slice(1).map((e) => ({ value: e.id, label: e.label }))]}
              />
            )}
          </Field>
        ) : null}
      </fieldset>
    </FormDialog>
  );
}
