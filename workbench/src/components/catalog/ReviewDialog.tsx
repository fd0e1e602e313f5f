import { useLingui } from '@lingui/react/macro';
import { Field, TextArea } from '../form.tsx';
import { FormDialog } from '../form/form-dialog.tsx';
import { useForm } from '../form/use-form.ts';
import type { CatalogApi, CatalogFlowAction, CatalogRow } from './catalog-api.ts';

/** Audit and reject need an opinion (docs/domain/catalog.md, "The flow"); applying and approving take one if given. */
const OPINION_REQUIRED: readonly CatalogFlowAction[] = ['audit', 'reject'];

export interface ReviewDialogProps {
  calls: CatalogApi;
  row: CatalogRow;
  action: Exclude<CatalogFlowAction, 'withdraw'>;
  onClose: () => void;
  onDone: (row: CatalogRow) => void;
}

/** One step of the review flow on a record, with the applicant's remark or the reviewer's opinion. */
export function ReviewDialog({ calls, row, action, onClose, onDone }: ReviewDialogProps) {
  const { t } = useLingui();
  const required = OPINION_REQUIRED.includes(action);
  const serial = row.serialNum;
  const titles = { apply: t`Apply for release of ${serial}`, audit: t`Audit ${serial}`, approve: t`Approve ${serial}`, reject: t`Reject ${serial}` };
  const labels = { apply: t`Remark`, audit: t`Audit opinion`, approve: t`Approval opinion`, reject: t`Reason for rejecting` };
  const submit = { apply: t`Apply`, audit: t`Audit`, approve: t`Approve and release`, reject: t`Reject` };
  const label = labels[action];
  const form = useForm({
    initial: { opinion: '' },
    validate: (d) => ({ fields: { opinion: required && !d.opinion.trim() && t`${label} cannot be empty` } }),
    save: (d) => calls.flow(action, row, d.opinion),
    onSaved: onDone,
    // the server names the opinion by the stage's remark field
    serverFields: { applyRemark: 'opinion', auditRemark: 'opinion', approveRemark: 'opinion', remark: 'opinion' },
  });
  return (
    <FormDialog form={form} title={titles[action]} onClose={onClose} submitLabel={submit[action]} saveTestId="catalog-review-submit">
      <Field label={label} required={required} error={form.error('opinion')}>
        {(id) => <TextArea id={id} data-testid="catalog-opinion" value={form.draft.opinion} maxLength={1000} onChange={(e) => form.set('opinion', e.target.value)} />}
      </Field>
    </FormDialog>
  );
}
