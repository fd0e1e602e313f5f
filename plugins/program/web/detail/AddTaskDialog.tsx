import { useMemo } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { api, CustomFieldInputs, customFieldServerFields, Field, FormDialog, localName, notify, notifyError, Select, TextInput, useCustomFields, useForm, useLoad } from '@fmea/sdk';
import type { ProgramDetail, ProgramPlan } from '../program-api.ts';

type Draft = {
  name: string;
  /** Custom field values by system name (System › Customisation forms). */
  customFields: Record<string, string>;
  taskType: string;
  handlerId: string;
  plannedStart: string;
  plannedEnd: string;
  predecessorId: string;
  stageId: string;
  projectId: string;
  nodeId: string;
  hours: string;
};

interface NodeLike {
  id: string;
  name: string;
  nodeType: number;
  children?: NodeLike[];
}

/** Functions are type-2 children in the tree; a task works on a structure node. */
const FUNCTION_NODE = 2;

/** The structure nodes of an FMEA (its functions left out), depth first, indented by level for a select. */
function flatten(node: NodeLike | null, depth = 0, out: { value: string; label: string }[] = []) {
  if (!node || node.nodeType === FUNCTION_NODE) return out;
  out.push({ value: node.id, label: `${'\u00a0\u00a0'.repeat(depth)}${node.name}` });
  for (const child of node.children ?? []) flatten(child, depth + 1, out);
  return out;
}

/**
 * Adds a task to the program's plan: its name, type, handler, planned dates, the task it follows
 * (finish-to-start), its stage, and optionally the FMEA node it works on. The server refuses a node whose
 * superior part has no task in the program yet ("superior part task must be created first"); the refusal
 * shows under the node.
 */
export function AddTaskDialog({ programId, stages, fmeas, tasks, onClose, onSaved }: { programId: string; stages: ProgramDetail['stages']; fmeas: ProgramDetail['fmeas']; tasks: ProgramPlan['tasks']; onClose: () => void; onSaved: () => void }) {
  const { t, i18n } = useLingui();
  const users = useLoad(() => api.get('/api/user/list', { limit: 500 }), []);
  const customFields = useCustomFields('task');
  const form = useForm({
    initial: { name: '', customFields: {}, taskType: '1', handlerId: '', plannedStart: '', plannedEnd: '', predecessorId: '', stageId: '', projectId: '', nodeId: '', hours: '' } as Draft,
    validate: (d) => ({
      fields: {
        name: !d.name.trim() && t`Name: enter the task's name.`,
        handlerId: !d.handlerId && t`Handler: choose who works the task.`,
        plannedStart: !d.plannedStart && t`Planned start: choose a date.`,
        plannedEnd: !d.plannedEnd ? t`Planned end: choose a date.` : d.plannedEnd < d.plannedStart ? t`Planned end: the end cannot be before the start.` : null,
        hours: d.hours.trim() && !(Number(d.hours) >= 0) ? t`Hours: enter a number of hours, 0 or more.` : null,
      },
    }),
    save: async (d) => {
      const task = await api.post('/api/task/create', {
        programId,
        taskName: d.name.trim(),
        taskType: d.taskType as '1',
        handlerId: d.handlerId,
        plannedStart: d.plannedStart,
        plannedEnd: d.plannedEnd,
        ...(d.stageId ? { programStageId: d.stageId } : {}),
        ...(d.projectId ? { projectId: d.projectId } : {}),
        ...(d.nodeId ? { nodeId: d.nodeId } : {}),
        ...(d.hours.trim() ? { hours: Number(d.hours) } : {}),
        customFields: d.customFields,
      });
      // the dependency is the plan's, added once the task exists; the task stays when it is refused (the message names both tasks)
      if (d.predecessorId) await api.post('/api/program/addDependency', { id: programId, predecessorId: d.predecessorId, successorId: task.id }).catch(notifyError);
      return task;
    },
    serverFields: { taskName: 'name', programStageId: 'stageId', parentId: 'nodeId', ...customFieldServerFields(customFields) },
    onSaved: (task) => {
      const num = task.taskNum;
      notify('success', t`Task ${num} added`);
      onSaved();
    },
  });
  const projectId = form.draft.projectId;
  const tree = useLoad(() => (projectId ? api.get('/api/fmea/structureTree', { projectId }) : Promise.resolve(null)), [projectId]);
  const nodes = useMemo(() => flatten(tree.data as NodeLike | null), [tree.data]);

  const types = [
    ['1', t`Compile`],
    ['2', t`Review`],
    ['3', t`Update`],
    ['4', t`Quick DR`],
    ['5', t`Full DR`],
    ['6', t`Optimisation`],
  ] as const;

  return (
    <FormDialog form={form} width={720} title={<Trans>Add task</Trans>} onClose={onClose} saveTestId="task-add-save">
      <Field label={<Trans>Name</Trans>} error={form.error('name')} required>
        {(id) => <TextInput id={id} data-testid="task-add-name" value={form.draft.name} maxLength={200} onChange={(e) => form.set('name', e.target.value)} />}
      </Field>
      <div className="program-dates">
        <Field label={<Trans>Type</Trans>} error={form.error('taskType')} required>
          {(id) => <Select id={id} data-testid="task-add-type" value={form.draft.taskType} onChange={(e) => form.set('taskType', e.target.value)} options={types.map(([value, label]) => ({ value, label }))} />}
        </Field>
        <Field label={<Trans>Planned start</Trans>} error={form.error('plannedStart')} required>
          {(id) => <TextInput id={id} type="date" data-testid="task-add-start" value={form.draft.plannedStart} onChange={(e) => form.set('plannedStart', e.target.value)} />}
        </Field>
        <Field label={<Trans>Planned end</Trans>} error={form.error('plannedEnd')} required>
          {(id) => <TextInput id={id} type="date" data-testid="task-add-end" value={form.draft.plannedEnd} onChange={(e) => form.set('plannedEnd', e.target.value)} />}
        </Field>
        <Field label={<Trans>Handler</Trans>} error={form.error('handlerId')} required>
          {(id) => (
            <Select
              id={id}
              data-testid="task-add-handler"
              value={form.draft.handlerId}
              onChange={(e) => form.set('handlerId', e.target.value)}
              options={[{ value: '', label: t`(choose)` }, ...(users.data ?? []).map((u) => ({ value: u.id, label: u.realName || u.userName }))]}
            />
          )}
        </Field>
        <Field label={<Trans>After task</Trans>} error={form.error('predecessorId')} hint={<Trans>Finish-to-start: this task starts once that one is finished.</Trans>}>
          {(id) => (
            <Select
              id={id}
              data-testid="task-add-predecessor"
              value={form.draft.predecessorId}
              onChange={(e) => form.set('predecessorId', e.target.value)}
              options={[{ value: '', label: t`(none)` }, ...tasks.map((task) => ({ value: task.id, label: `${task.taskNum} ${task.taskName}` }))]}
            />
          )}
        </Field>
        <Field label={<Trans>Stage</Trans>} error={form.error('stageId')}>
          {(id) => (
            <Select
              id={id}
              value={form.draft.stageId}
              onChange={(e) => form.set('stageId', e.target.value)}
              options={[{ value: '', label: t`(none)` }, ...stages.map((s) => ({ value: s.id, label: localName(i18n.locale, s.name, s.nameEn) }))]}
            />
          )}
        </Field>
        <Field label={<Trans>Hours</Trans>} error={form.error('hours')}>
          {(id) => <TextInput id={id} inputMode="decimal" value={form.draft.hours} onChange={(e) => form.set('hours', e.target.value)} />}
        </Field>
      </div>
      <Field label={<Trans>FMEA</Trans>} error={form.error('projectId')} hint={<Trans>Optional: the program's DFMEA or PFMEA this task works on.</Trans>}>
        {(id) => (
          <Select
            id={id}
            data-testid="task-add-project"
            value={form.draft.projectId}
            onChange={(e) => form.change({ projectId: e.target.value, nodeId: '' })}
            options={[{ value: '', label: t`(none)` }, ...fmeas.map((f) => ({ value: f.projectId, label: `${f.serialNum} ${f.name}` }))]}
          />
        )}
      </Field>
      {projectId ? (
        <Field label={<Trans>Node</Trans>} error={form.error('nodeId')} hint={<Trans>The structure node whose analysis this task covers; its progress shows on the node in the mind map.</Trans>}>
          {(id) => <Select id={id} data-testid="task-add-node" value={form.draft.nodeId} onChange={(e) => form.set('nodeId', e.target.value)} options={[{ value: '', label: t`(the whole FMEA)` }, ...nodes]} />}
        </Field>
      ) : null}
      <CustomFieldInputs fields={customFields} values={form.draft.customFields} onChange={(values) => form.set('customFields', values)} error={form.error} />
    </FormDialog>
  );
}
