import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { api, Field, FormDialog, Select, TextArea, useForm } from '@fmea/sdk';
import { useReviewNominees } from '../list/lookups.ts';
import { ChecksGate, gatePasses, type FmeaChecks } from './checks.tsx';
import { personName, REVIEW_ROLES, useReviewLabels, type Conclusion, type FmeaReview, type ReviewRole } from './labels.ts';

type Assignees = Record<ReviewRole, string>;

/**
 * Submit (or review again): the owner names the four review roles. Every role
 * must be named (the server says so too, under the field). Each picker offers
 * only people who may read the project and whom the FMEA type's review
 * requirements allow for that role (the server's list, by the rule it checks
 * on submit; anyone else is refused under that role's picker, by name);
 * someone already named for another role is marked so (the separation of
 * duties rule may refuse it).
 */
export function SubmitDialog({
  projectId,
  review,
  again,
  checks,
  onClose,
  onDone,
}: {
  projectId: string;
  review: FmeaReview;
  again: boolean;
  /** The checks before release: errors keep the dialog from submitting, warnings need the acknowledgement. */
  checks?: FmeaChecks | null;
  onClose: () => void;
  onDone: (r: FmeaReview) => void;
}) {
  const { t } = useLingui();
  const [acknowledged, setAcknowledged] = useState(false);
  const acknowledgeWarnings = acknowledged && (checks?.counts.warnings ?? 0) > 0;
  const nominees = useReviewNominees(projectId);
  const labels = useReviewLabels();
  const named = (role: ReviewRole) => review.assignees.find((a) => a.role === role)?.userId ?? '';
  // the roles the type's workflow settings ask for (without a countersigner the server names the director for it)
  const askedRoles = REVIEW_ROLES.filter((r) => review.namedRoles?.includes(r) ?? true);
  const form = useForm({
    initial: Object.fromEntries(REVIEW_ROLES.map((r) => [r, named(r)])) as Assignees,
    validate: (d) => ({ fields: Object.fromEntries(askedRoles.map((r) => [r, !d[r] && t`Choose a user.`])) }),
    save: (d) => {
      const assignees = Object.fromEntries(REVIEW_ROLES.map((r) => [r, (askedRoles.includes(r) && d[r]) || null])) as Record<ReviewRole, string | null>;
      return again ? api.post('/api/project/review/rereview', { projectId, assignees, acknowledgeWarnings }) : api.post('/api/project/review/submit', { projectId, assignees, acknowledgeWarnings });
    },
    onSaved: onDone,
    serverFields: Object.fromEntries(REVIEW_ROLES.map((r) => [`assignees.${r}`, r])),
  });
  const person = (u: (typeof nominees)[ReviewRole][number]) => (u.realName ? `${u.realName} (${u.userName})` : u.userName);
  /** The options of one role's picker: the readers who may be named for it, each marked with the other roles they are already named for. */
  const optionsFor = (role: ReviewRole) => [
    { value: '', label: t`Choose…` },
    ...nominees[role].map((u) => {
      const held = REVIEW_ROLES.filter((r) => r !== role && form.draft[r] === u.id).map((r) => labels.role[r]);
      const name = person(u);
      const roles = held.join(', ');
      return { value: u.id, label: held.length ? t`${name} — already ${roles}` : name };
    }),
    // the last round's reviewer who can no longer read the project or be named for the role stays shown (the server names them under this picker)
    ...review.assignees.filter((a) => a.role === role && a.userId === form.draft[role] && !nominees[role].some((u) => u.id === a.userId)).map((a) => ({ value: a.userId, label: personName(a) })),
  ];
  return (
    <FormDialog
      form={form}
      title={again ? t`Review again` : t`Submit for review`}
      submitLabel={again ? t`Review again` : t`Submit`}
      saveTestId="review-submit-save"
      submitDisabled={!gatePasses(checks, acknowledged)}
      footer={<ChecksGate checks={checks} acknowledged={acknowledged} onAcknowledge={setAcknowledged} />}
      onClose={onClose}
    >
      <div className="dfmea-form" data-testid="review-submit-dialog">
        {askedRoles.map((role) => (
          <Field key={role} label={labels.role[role]} error={form.error(role)} required>
            {(id) => <Select id={id} data-testid={`review-role-${role}`} options={optionsFor(role)} value={form.draft[role]} onChange={(e) => form.set(role, e.target.value)} />}
          </Field>
        ))}
      </div>
    </FormDialog>
  );
}

/** An opinion (conclusion and text) or a rejection (text only). */
export function OpinionDialog({ projectId, mode, role, onClose, onDone }: { projectId: string; mode: 'opinion' | 'reject'; role?: ReviewRole; onClose: () => void; onDone: (r: FmeaReview) => void }) {
  const { t } = useLingui();
  const labels = useReviewLabels();
  const form = useForm({
    initial: { conclusion: 'conform' as Conclusion, opinion: '' },
    validate: (d) => ({ fields: { opinion: !d.opinion.trim() && t`Write the opinion.` } }),
    save: (d) =>
      mode === 'reject'
        ? api.post('/api/project/review/reject', { projectId, opinion: d.opinion })
        : api.post('/api/project/review/opinion', { projectId, conclusion: d.conclusion, opinion: d.opinion, ...(role ? { role } : {}) }),
    onSaved: onDone,
  });
  const conclusions = (['conform', 'incompatible', 'partial'] as const).map((c) => ({ value: c, label: labels.conclusion[c] }));
  const title = mode === 'reject' ? t`Reject` : role ? t`Opinion as ${labels.role[role]}` : t`Give opinion`;
  return (
    <FormDialog form={form} title={title} submitLabel={mode === 'reject' ? t`Reject` : t`Give opinion`} saveTestId="review-opinion-save" onClose={onClose}>
      <div className="dfmea-form" data-testid="review-opinion-dialog">
        {mode === 'opinion' ? (
          <Field label={t`Conclusion`} error={form.error('conclusion')}>
            {(id) => <Select id={id} data-testid="review-conclusion" options={conclusions} value={form.draft.conclusion} onChange={(e) => form.set('conclusion', e.target.value as Conclusion)} />}
          </Field>
        ) : null}
        <Field label={t`Opinion`} error={form.error('opinion')} required>
          {(id) => <TextArea id={id} data-testid="review-opinion-text" maxLength={200} value={form.draft.opinion} onChange={(e) => form.set('opinion', e.target.value)} />}
        </Field>
      </div>
    </FormDialog>
  );
}

/** Release: asks first, with the checks before release (errors block, warnings need the acknowledgement). */
export function ReleaseDialog({ projectId, checks, onClose, onDone }: { projectId: string; checks?: FmeaChecks | null; onClose: () => void; onDone: (r: FmeaReview) => void }) {
  const { t } = useLingui();
  const [acknowledged, setAcknowledged] = useState(false);
  const form = useForm({
    initial: {},
    save: () => api.post('/api/project/review/release', { projectId, acknowledgeWarnings: acknowledged && (checks?.counts.warnings ?? 0) > 0 }),
    onSaved: onDone,
  });
  return (
    <FormDialog
      form={form}
      title={t`Release`}
      submitLabel={t`Release`}
      saveTestId="review-release-save"
      submitDisabled={!gatePasses(checks, acknowledged)}
      footer={<ChecksGate checks={checks} acknowledged={acknowledged} onAcknowledge={setAcknowledged} />}
      onClose={onClose}
    >
      <p data-testid="review-release-dialog">
        <Trans>Release this FMEA?</Trans>
      </p>
    </FormDialog>
  );
}
