import { Trans, useLingui } from '@lingui/react/macro';
import { PROCESS_LEVELS, WORK_ELEMENT_TYPES, type ProcessLevel, type WorkElementType } from '@fmea/core/domain';
import { api, Field, FormDialog, Select, TextInput, useForm } from '@fmea/sdk';
import type { NodeDialogProps } from '@fmea/fmea-ui';
import { useWorkElementLabel } from '../kind.tsx';

type Draft = { name: string; processNo: string; workElementType: WorkElementType | '' };

/** The level a depth gives in the process tree (0 item, 1 step, 2 work element). */
const levelAt = (depth: number): ProcessLevel | undefined => PROCESS_LEVELS[depth];

/**
 * Adds a node under a process node, or edits one, with the fields of its
 * level: a process step has a number (blank when adding: generated, the next
 * multiple of 10, while the rule isGenerateProcessNoRequired is on; blank
 * when editing: none), a work element one of the 4M types, the item a name.
 */
function ProcessNodeDialog({ mode, node, depth, onClose, onSaved }: NodeDialogProps & { mode: 'add' | 'edit' }) {
  const { t } = useLingui();
  const fourM = useWorkElementLabel();
  const level = levelAt(mode === 'add' ? depth + 1 : depth);
  const form = useForm<Draft>({
    initial: mode === 'edit' ? { name: node.name, processNo: node.processNo ?? '', workElementType: node.workElementType ?? '' } : { name: '', processNo: '', workElementType: '' },
    validate: (d) => ({
      fields: {
        name: !d.name.trim() && t`Enter a name.`,
        workElementType: level === 'element' && !d.workElementType && t`Choose the 4M type.`,
      },
    }),
    save: (d) => {
      const name = d.name.trim();
      const processNo = d.processNo.trim();
      const step = level === 'step' ? (mode === 'add' ? (processNo ? { processNo } : {}) : { processNo: processNo || null }) : {};
      const element = level === 'element' && d.workElementType ? { workElementType: d.workElementType } : {};
      return mode === 'add'
        ? api.post('/api/fmea/addNode', { parentId: node.id, name, ...step, ...element })
        : api.post('/api/fmea/renameNode', { id: node.id, version: node.version, name, ...step, ...element });
    },
    onSaved,
  });
  const title =
    mode === 'add' ? (level === 'step' ? t`Add process step` : level === 'element' ? t`Add work element` : t`Add structure element`) : level === 'step' ? t`Edit process step` : level === 'element' ? t`Edit work element` : t`Rename node`;
  return (
    <FormDialog form={form} title={title} saveTestId="dfmea-node-save" onClose={onClose}>
      {level === 'step' ? (
        <Field label={t`Process number`} error={form.error('processNo')} hint={mode === 'add' ? t`Leave empty for a generated number (the next multiple of 10).` : undefined}>
          {(id) => <TextInput id={id} data-testid="pfmea-node-process-no" value={form.draft.processNo} maxLength={20} onChange={(e) => form.set('processNo', e.target.value)} />}
        </Field>
      ) : null}
      <Field label={level === 'step' ? t`Process step` : level === 'element' ? t`Work element` : t`Name`} required error={form.error('name')}>
        {(id) => <TextInput id={id} data-testid="dfmea-node-name" autoFocus value={form.draft.name} maxLength={200} onChange={(e) => form.set('name', e.target.value)} />}
      </Field>
      {level === 'element' ? (
        <Field label={t`4M type`} required error={form.error('workElementType')}>
          {(id) => (
            <Select
              id={id}
              data-testid="pfmea-node-4m"
              value={form.draft.workElementType}
              onChange={(e) => form.set('workElementType', e.target.value as WorkElementType | '')}
              options={[{ value: '', label: '—' }, ...WORK_ELEMENT_TYPES.map((type) => ({ value: type, label: fourM(type) }))]}
            />
          )}
        </Field>
      ) : null}
      {level === undefined ? (
        <p className="dfmea-error" role="alert">
          <Trans>Nothing goes below a work element.</Trans>
        </p>
      ) : null}
    </FormDialog>
  );
}

export const AddProcessNodeDialog = (props: NodeDialogProps) => <ProcessNodeDialog mode="add" {...props} />;
export const EditProcessNodeDialog = (props: NodeDialogProps) => <ProcessNodeDialog mode="edit" {...props} />;
