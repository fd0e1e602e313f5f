import { useMemo } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { CatalogTypeDefinition } from '@fmea/core/domain';
import { Field, TextArea } from '../form.tsx';
import { FormDialog } from '../form/form-dialog.tsx';
import { useForm } from '../form/use-form.ts';
import { catalogApi, type CatalogFlowAction, type CatalogRow } from './catalog-api.ts';
import './catalog.css';

/** Audit and reject need an opinion (docs/domain/catalog.md, "The flow"); applying and approving take one if given. */
const OPINION_REQUIRED: readonly CatalogFlowAction[] = ['audit', 'reject'];

/** The flow's limit on a remark or opinion (core/src/services/catalog/flow.ts: 200 characters, spec 001 §5). */
const OPINION_MAX = 200;

export type CatalogReviewAction = Exclude<CatalogFlowAction, 'withdraw'>;

/** The record version a step acts on: what the flow route takes (id, version) and what the title names. */
export interface CatalogReviewTarget {
  readonly id: string;
  readonly version: number;
  readonly serialNum: string;
}

export interface CatalogReviewDialogProps {
  /** The record's catalog type: its calls' base and entity. */
  type: CatalogTypeDefinition;
  row: CatalogReviewTarget;
  action: CatalogReviewAction;
  /** The record's description, shown above the opinion where the page does not show the record beside the dialog. */
  description?: string;
  onClose: () => void;
  onDone: (row: CatalogRow) => void;
}

/**
 * One step of the review flow on a catalog record (the catalog page, My
 * approvals), with the applicant's remark or the reviewer's opinion. It calls
 * the type's own flow route, which checks the rights and the version again.
 */
export function CatalogReviewDialog({ type, row, action, description, onClose, onDone }: CatalogReviewDialogProps) {
  const { t } = useLingui();
  const calls = useMemo(() => catalogApi(type), [type]);
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
    <FormDialog form={form} title={titles[action]} onClose={onClose} submitLabel={submit[action]} saveTestId="review-submit" width={520}>
      {description ? (
        <p className="muted catalog-review-note" data-testid="review-description">
          {description}
        </p>
      ) : null}
      <Field label={label} required={required} error={form.error('opinion')}>
        {(id) => <TextArea id={id} name="opinion" data-testid="review-opinion" value={form.draft.opinion} maxLength={OPINION_MAX} onChange={(e) => form.set('opinion', e.target.value)} />}
      </Field>
    </FormDialog>
  );
}
