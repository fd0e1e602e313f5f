import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { problemDetailPath } from '@fmea/core/domain';
import { api, Button, Field, FormDialog, notify, notifyError, TextArea, TextInput, useForm, useGuardedNavigate, useLoad, usePermission, type ApiData } from '@fmea/sdk';
import { fixed } from '../labels.ts';

type Study = ApiData<'/api/spc/get'>;
type Analysis = ApiData<'/api/spc/analysis'>;

/**
 * The loop from this study (docs/domain/spc.md, "The loop"): the PFMEA causes on its characteristic with
 * their O and the O the capability proposes (a proposal the FMEA's responsible person decides), and an 8D
 * opened from an out-of-control signal, prefilled from the study.
 */
export function LoopPanel({ study, analysis, onChanged }: { study: Study; analysis: Analysis; onChanged: () => void }) {
  const { t } = useLingui();
  const navigate = useGuardedNavigate();
  const problems = usePermission('problem_index');
  const causes = useLoad(() => api.get('/api/spc/causes', { projectId: study.projectId }), [study.projectId, study.version]);
  const [opening, setOpening] = useState(false);
  const mine = (causes.data ?? []).filter((c) => c.studyId === study.id);
  const proposed = analysis.proposedOccurrence;
  const propose = async (causeId: string) => {
    try {
      const made = await api.post('/api/spc/proposeOccurrence', { id: study.id, causeId });
      const from = made.previousOccurrence ?? '—';
      const to = made.occurrence ?? '—';
      notify('success', t`Proposed O ${from} → ${to} to the PFMEA's responsible person`);
    } catch (error) {
      notifyError(error);
    }
  };
  const signals = analysis.violations.length;
  return (
    <section data-testid="spc-loop">
      <h3>
        <Trans>Occurrence in the PFMEA</Trans>
      </h3>
      {mine.length === 0 ? <p className="spc-note">{t`No PFMEA failure cause is on this characteristic.`}</p> : null}
      {mine.map((c) => (
        <div key={c.causeId} className="spc-cause" data-testid="spc-cause">
          <span data-user-content>
            {c.causeText} <span className="spc-sub">{t`O ${c.occurrence ?? '—'}`}</span>
          </span>
          {proposed !== null && proposed !== c.occurrence ? (
            <Button data-testid="spc-propose" onClick={() => void propose(c.causeId)}>
              {t`Propose O ${proposed}`}
            </Button>
          ) : null}
        </div>
      ))}
      <p className="spc-note">{t`Cpk ${fixed(analysis.capability?.cpk ?? null, 2)} proposes O ${proposed ?? '—'} (the documented Cpk → O mapping).`}</p>
      <h3>
        <Trans>Problem (8D)</Trans>
      </h3>
      {study.problemNum ? (
        <Button kind="link" data-testid="spc-problem-link" onClick={() => void navigate(problemDetailPath(study.problemId!))}>
          {t`Problem ${study.problemNum}`}
        </Button>
      ) : null}
      {signals > 0 && study.can.edit && problems('add') ? (
        <Button data-testid="spc-open-problem" onClick={() => setOpening(true)}>
          <Trans>Open a problem from the signal</Trans>
        </Button>
      ) : signals === 0 ? (
        <p className="spc-note">{t`No out-of-control signal.`}</p>
      ) : null}
      {opening ? (
        <ProblemDialog
          study={study}
          analysis={analysis}
          onClose={() => setOpening(false)}
          onSaved={() => {
            setOpening(false);
            onChanged();
          }}
        />
      ) : null}
    </section>
  );
}

function ProblemDialog({ study, analysis, onClose, onSaved }: { study: Study; analysis: Analysis; onClose: () => void; onSaved: () => void }) {
  const { t } = useLingui();
  const name = study.name;
  const num = study.studyNum;
  const first = analysis.violations.slice(0, 5).map((v) => `${v.subgroup} (${v.rule})`).join(', ');
  const form = useForm({
    initial: { brief: t`${name} out of control (${num})`.slice(0, 200), description: t`Run-rule violations at ${first}`.slice(0, 200) },
    guard: false,
    validate: (d) => ({ fields: { brief: !d.brief.trim() && t`Brief: say what went wrong.` } }),
    save: (d) => api.post('/api/spc/openProblem', { id: study.id, brief: d.brief.trim(), description: d.description.trim() || null }),
    onSaved: ({ problemNum }) => {
      notify('success', t`Problem ${problemNum} opened`);
      onSaved();
    },
  });
  return (
    <FormDialog form={form} title={<Trans>Open a problem (8D)</Trans>} onClose={onClose} saveTestId="spc-problem-save">
      <Field label={<Trans>Brief</Trans>} error={form.error('brief')} required>
        {(id) => <TextInput id={id} data-testid="spc-problem-brief" maxLength={200} value={form.draft.brief} onChange={(e) => form.set('brief', e.target.value)} />}
      </Field>
      <Field label={<Trans>Description</Trans>} error={form.error('description')}>
        {(id) => <TextArea id={id} rows={3} maxLength={200} value={form.draft.description} onChange={(e) => form.set('description', e.target.value)} />}
      </Field>
    </FormDialog>
  );
}
