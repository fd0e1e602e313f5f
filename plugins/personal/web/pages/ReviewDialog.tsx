import { useLingui } from '@lingui/react/macro';
import { api, Field, FormDialog, TextArea, useForm } from '@fmea/workbench/sdk';
import { describe, type ReviewRow } from './review-parts.tsx';

export type ReviewAction = 'audit' | 'approve' | 'reject';

/** The spec's opinion limit (001 §5: text fields 200 characters). */
const OPINION_MAX = 200;

/**
 * One review step on a catalog record with the reviewer's opinion (spec 001
 * §4: "a review opinion is required" — for the audit and a rejection; the
 * release takes an optional one). It calls the type's own flow route
 * (`/api/knowledge/{entity}/…` or `/api/mainData/{entity}/…`), which checks
 * the rights and the row's version again.
 */
export function ReviewDialog({ row, action, onClose, onDone }: { row: ReviewRow; action: ReviewAction; onClose: () => void; onDone: () => void }) {
  const { t, i18n } = useLingui();
  const required = action !== 'approve';
  const form = useForm({
    initial: { opinion: '' },
    validate: (d) => (required && !d.opinion.trim() ? { fields: { opinion: t`Opinion cannot be empty` } } : null),
    save: ({ opinion }) => {
      const json = { id: row.id, version: row.version, opinion: opinion.trim() || null };
      // the entity is the row's own, checked by the route's enum
      const params = { entity: row.entity as never };
      const path = row.base === 'mainData' ? (`/api/mainData/{entity}/${action}` as const) : (`/api/knowledge/{entity}/${action}` as const);
      return api.post(path as '/api/knowledge/{entity}/audit', { params, json });
    },
    onSaved: onDone,
    // the flow may name the opinion by the stage's remark field
    serverFields: { auditRemark: 'opinion', approveRemark: 'opinion' },
  });
  const title = { audit: t`Audit`, approve: t`Approve`, reject: t`Reject` }[action];
  const name = `${row.serialNum} ${describe(row, i18n.locale)}`;
  return (
    <FormDialog form={form} title={`${title}: ${name}`} onClose={onClose} submitLabel={title} saveTestId="review-submit" width={520}>
      <Field label={t`Opinion`} error={form.error('opinion')} required={required}>
        {(id) => <TextArea id={id} name="opinion" data-testid="review-opinion" maxLength={OPINION_MAX} value={form.draft.opinion} onChange={(e) => form.set('opinion', e.target.value)} />}
      </Field>
    </FormDialog>
  );
}
