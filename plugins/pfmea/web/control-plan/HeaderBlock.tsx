import { Trans, useLingui } from '@lingui/react/macro';
import { CONTROL_PLAN_DATE_FIELDS, CONTROL_PLAN_HEADER_FIELDS, type ControlPlanHeaderField, type ControlPlanPhase } from '@fmea/core/domain';
import { api, Field, FormDialog, TextInput, useForm } from '@fmea/sdk';
import type { ControlPlanView, CpHeader } from './cp-api.ts';
import type { ControlPlanLabels } from './labels.ts';

const isDate = (field: ControlPlanHeaderField) => (CONTROL_PLAN_DATE_FIELDS as readonly string[]).includes(field);

/**
 * The header block of the AIAG control plan form, read-only: the fields in
 * the form's order (left to right, top to bottom), the phase as the form's
 * tick box. Edited in HeaderDialog.
 */
export function HeaderBlock({ header, phase, labels }: { header: CpHeader; phase: ControlPlanPhase; labels: ControlPlanLabels }) {
  const values = header as Partial<Record<ControlPlanHeaderField, string>>;
  return (
    <dl className="cp-header" data-testid="cp-header">
      <div className="cp-header-field">
        <dt>
          <Trans>Phase</Trans>
        </dt>
        <dd data-testid="cp-header-phase">{labels.phases[phase]}</dd>
      </div>
      {CONTROL_PLAN_HEADER_FIELDS.map((field) => (
        <div key={field} className="cp-header-field">
          <dt title={labels.header[field]}>{labels.header[field]}</dt>
          <dd data-user-content data-testid={`cp-header-${field}`}>
            {values[field] || <span className="muted">—</span>}
          </dd>
        </div>
      ))}
    </dl>
  );
}

type Draft = Record<ControlPlanHeaderField, string>;

/** Edits the header of the phase's plan; blank clears a field. The plan's version guards against another member's save in between. */
export function HeaderDialog({
  view,
  labels,
  onClose,
  onSaved,
}: {
  view: ControlPlanView;
  labels: ControlPlanLabels;
  onClose: () => void;
  onSaved: (view: ControlPlanView) => void;
}) {
  const { t } = useLingui();
  const values = view.plan.header as Partial<Record<ControlPlanHeaderField, string>>;
  const form = useForm({
    initial: () => Object.fromEntries(CONTROL_PLAN_HEADER_FIELDS.map((f) => [f, values[f] ?? ''])) as Draft,
    validate: (d) => ({
      fields: Object.fromEntries(CONTROL_PLAN_HEADER_FIELDS.filter((f) => d[f].trim().length > 200).map((f) => [f, t`At most 200 characters.`])),
    }),
    save: (d) =>
      api.post('/api/controlPlan/saveHeader', {
        projectId: view.plan.projectId,
        phase: view.plan.phase,
        version: view.plan.version,
        header: Object.fromEntries(CONTROL_PLAN_HEADER_FIELDS.map((f) => [f, d[f].trim() === '' ? null : d[f].trim()])),
      }),
    onSaved: (answer) => onSaved(answer),
  });
  return (
    <FormDialog form={form} title={<Trans>Control plan header</Trans>} width={760} onClose={onClose} saveTestId="cp-header-save" className="cp-header-form">
      {CONTROL_PLAN_HEADER_FIELDS.map((field) => (
        <Field key={field} label={labels.header[field]} error={form.error(field)}>
          {(id) => (
            <TextInput
              id={id}
              type={isDate(field) ? 'date' : 'text'}
              data-testid={`cp-header-input-${field}`}
              value={form.draft[field]}
              onChange={(e) => form.set(field, e.target.value)}
            />
          )}
        </Field>
      ))}
    </FormDialog>
  );
}
