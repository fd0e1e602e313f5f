import { Trans } from '@lingui/react/macro';
import { CONTROL_PLAN_COLUMN_KEYS, type ControlPlanColumnKey, type ControlPlanPhase } from '@fmea/core/domain';
import { api, Field, FormDialog, TextInput, useForm } from '@fmea/sdk';
import { useColumnHeader, type CpColumn, type CpLine } from './cp-api.ts';

type Draft = Record<ControlPlanColumnKey, string>;

/** Where the dialog writes: a new line of the phase's plan, or an existing line that is not linked to the PFMEA. */
export type LineTarget = { kind: 'new'; projectId: string; phase: ControlPlanPhase } | { kind: 'edit'; line: CpLine };

/**
 * A line the team writes by hand (a customer's check, a control the PFMEA
 * does not hold): every column of the AIAG form is its own. A line linked to
 * the PFMEA is never edited here: its step, machine, characteristic and class
 * are the PFMEA's, and its own columns are edited in the grid. The server
 * asks for a process (number or name) and a characteristic (product or
 * process) and says so under the field.
 */
export function LineDialog({ target, columns, onClose, onSaved }: { target: LineTarget; columns: readonly CpColumn[]; onClose: () => void; onSaved: (line: CpLine) => void }) {
  const line = target.kind === 'edit' ? target.line : null;
  const columnHeader = useColumnHeader();
  const form = useForm({
    initial: () => Object.fromEntries(CONTROL_PLAN_COLUMN_KEYS.map((key) => [key, line ? (line[key] ?? '') : ''])) as Draft,
    save: (d) => {
      // the columns the template hides are left as they are
      const texts = Object.fromEntries(columns.map(({ key }) => [key, d[key].trim() === '' ? null : d[key].trim()]));
      return target.kind === 'new'
        ? api.post('/api/controlPlan/addLine', { projectId: target.projectId, phase: target.phase, ...texts })
        : api.post('/api/controlPlan/saveLine', { id: target.line.id, version: target.line.version, ...texts });
    },
    onSaved: (saved) => onSaved(saved),
  });
  return (
    <FormDialog
      form={form}
      title={target.kind === 'new' ? <Trans>Add a control plan line</Trans> : <Trans>Edit the control plan line</Trans>}
      width={760}
      onClose={onClose}
      saveTestId="cp-line-save"
      className="cp-line-form"
    >
      {target.kind === 'new' ? (
        <p className="muted cp-form-note">
          <Trans>A line added by hand holds its own texts and is not linked to the PFMEA. Lines for the PFMEA's characteristics come from “Generate from PFMEA”.</Trans>
        </p>
      ) : null}
      {columns.map((column) => (
        <Field key={column.key} label={columnHeader(column)} error={form.error(column.key)}>
          {(id) => <TextInput id={id} data-testid={`cp-line-input-${column.key}`} value={form.draft[column.key]} onChange={(e) => form.set(column.key, e.target.value)} />}
        </Field>
      ))}
    </FormDialog>
  );
}
