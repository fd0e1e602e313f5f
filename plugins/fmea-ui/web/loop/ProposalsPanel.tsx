import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { projectLink } from '@fmea/core/domain';
import { api, Button, EmptyState, Field, FormDialog, Select, TextArea, TextInput, useForm, useGuardedNavigate, useLoad } from '@fmea/sdk';
import { useLoopLabels, type LoopMatch, type Proposal } from './labels.ts';
import { ProposalItem } from './ProposalItem.tsx';
import './loop.css';

/**
 * A problem's or EWO's side of closing the loop (docs/domain/closed-loop.md),
 * mounted by the problem page (D4 root cause, D7 prevent recurrence) and the
 * EWO page: the FMEA items the source covers with why, a change proposed on
 * one of them, and every proposal's status: which FMEAs it updated.
 */
export function ProposalsPanel({ sourceKind, sourceId, readOnly = false }: { sourceKind: 'problem' | 'ewo'; sourceId: string; readOnly?: boolean }) {
  const { t } = useLingui();
  const labels = useLoopLabels();
  const navigate = useGuardedNavigate();
  const [revision, setRevision] = useState(0);
  const matches = useLoad(() => api.get('/api/loop/matches', { sourceKind, sourceId }), [sourceKind, sourceId]);
  const proposals = useLoad(() => api.get('/api/loop/proposals', { sourceKind, sourceId }), [sourceKind, sourceId, revision]);
  const [proposing, setProposing] = useState<LoopMatch | null>(null);
  const open = (p: { projectType: string; projectId: string }) => void navigate(`${projectLink(p.projectType, p.projectId)}&proposals=1`);
  const updated = (proposals.data ?? []).filter((p) => p.status === 'accepted');
  return (
    <section className="loop-panel" data-testid="loop-panel" aria-label={t`FMEA feedback`}>
      <div>
        <h3>
          <Trans>FMEAs updated</Trans>
        </h3>
        {updated.length === 0 ? (
          <p className="muted" data-testid="loop-updated-none">
            <Trans>No FMEA updated from here yet.</Trans>
          </p>
        ) : (
          <ul className="loop-list" data-testid="loop-updated">
            {[...new Map(updated.map((p) => [p.projectId, p])).values()].map((p) => (
              <li key={p.projectId}>
                <Button kind="link" data-testid="loop-updated-fmea" onClick={() => open(p)}>
                  {p.serialNum} {p.projectName}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </div>
      <div>
        <h3>
          <Trans>Change proposals</Trans>
        </h3>
        {(proposals.data ?? []).length === 0 ? (
          <p className="muted">
            <Trans>No change proposed yet.</Trans>
          </p>
        ) : null}
        <ol className="loop-list">
          {(proposals.data ?? []).map((p: Proposal) => (
            <ProposalItem
              key={p.id}
              proposal={p}
              testId={`loop-source-proposal-${p.id}`}
              head={
                <Button kind="link" onClick={() => open(p)}>
                  {p.serialNum} {p.projectName}
                </Button>
              }
            />
          ))}
        </ol>
      </div>
      <div>
        <h3>
          <Trans>FMEA items this covers</Trans>
        </h3>
        {matches.error ? <p className="muted">{t`The FMEA items could not be read.`}</p> : null}
        {matches.data && matches.data.length === 0 ? (
          <EmptyState title={<Trans>No FMEA item you may read covers this yet.</Trans>}>
            <Trans>Items match through the catalog records they cite and the words they share with the root causes and the description.</Trans>
          </EmptyState>
        ) : null}
        {(matches.data ?? []).map((m) => (
          <div key={`${m.item}:${m.itemId}`} className="loop-match" data-testid={`loop-match-${m.itemId}`}>
            <div>
              <span className="muted">
                {m.serialNum} · {labels.item[m.item]}
              </span>{' '}
              <span data-user-content>{m.text}</span>
              {m.rowKind === 'FC' ? (
                <span className="muted">
                  {' '}
                  (O {m.occurrence ?? '—'} · D {m.det ?? '—'})
                </span>
              ) : null}
            </div>
            {!readOnly && m.rowId ? (
              <Button data-testid="loop-propose" onClick={() => setProposing(m)}>
                <Trans>Propose a change</Trans>
              </Button>
            ) : (
              <span />
            )}
            <div className="loop-match-why muted">{m.reasons.map(labels.reason).join('; ')}</div>
          </div>
        ))}
      </div>
      {proposing ? (
        <ProposeDialog
          sourceKind={sourceKind}
          sourceId={sourceId}
          match={proposing}
          onClose={() => setProposing(null)}
          onSaved={() => {
            setProposing(null);
            setRevision((n) => n + 1);
          }}
        />
      ) : null}
    </section>
  );
}

type Draft = { kind: Proposal['kind']; description: string; rationale: string; occurrence: string; det: string; controlKind: '' | 'prevention' | 'detection' };

function ProposeDialog({ sourceKind, sourceId, match, onClose, onSaved }: { sourceKind: 'problem' | 'ewo'; sourceId: string; match: LoopMatch; onClose: () => void; onSaved: () => void }) {
  const { t } = useLingui();
  const labels = useLoopLabels();
  const kinds: Proposal['kind'][] = match.rowKind === 'FM' ? ['addCause'] : ['raiseOccurrence', 'raiseDetection', 'addControl'];
  const rating = (v: string) => (v.trim() === '' ? null : Number(v));
  const form = useForm<Draft, Proposal>({
    initial: { kind: kinds[0]!, description: '', rationale: '', occurrence: '', det: '', controlKind: match.item === 'detection' ? 'detection' : '' },
    validate: (d) => ({
      fields: {
        description: d.description.trim() === '' && t`Say in a line what should change.`,
        rationale: d.rationale.trim() === '' && t`Say what the field showed.`,
      },
    }),
    save: (d) =>
      api.post('/api/loop/propose', {
        sourceKind,
        sourceId,
        targetRowId: match.rowId!,
        kind: d.kind,
        description: d.description,
        rationale: d.rationale,
        occurrence: d.kind === 'raiseOccurrence' || d.kind === 'addCause' ? rating(d.occurrence) : null,
        det: d.kind === 'raiseDetection' || d.kind === 'addCause' ? rating(d.det) : null,
        controlKind: d.kind === 'addControl' && d.controlKind ? d.controlKind : null,
      }),
    onSaved,
  });
  const d = form.draft;
  const rowText = match.rowText ?? match.text;
  return (
    <FormDialog form={form} title={t`Propose an FMEA change`} submitLabel={t`Propose`} saveTestId="loop-propose-save" onClose={onClose}>
      <p className="muted">
        {match.serialNum} {match.projectName}: <span data-user-content>{rowText}</span>
      </p>
      <Field label={t`Change`} required error={form.error('kind')}>
        {(id) => <Select id={id} data-testid="loop-propose-kind" value={d.kind} onChange={(e) => form.set('kind', e.target.value as Draft['kind'])} options={kinds.map((k) => ({ value: k, label: labels.kind[k] }))} />}
      </Field>
      <Field label={d.kind === 'addCause' ? t`Missing cause` : d.kind === 'addControl' ? t`Control` : t`Change in a line`} required error={form.error('description')}>
        {(id) => <TextInput id={id} data-testid="loop-propose-description" maxLength={200} value={d.description} onChange={(e) => form.set('description', e.target.value)} />}
      </Field>
      {d.kind === 'raiseOccurrence' || d.kind === 'addCause' ? (
        <Field label={d.kind === 'addCause' ? t`Occurrence (O)` : t`Occurrence (O), now ${match.occurrence ?? '—'}`} required={d.kind === 'raiseOccurrence'} error={form.error('occurrence')}>
          {(id) => <TextInput id={id} data-testid="loop-propose-occurrence" inputMode="numeric" value={d.occurrence} onChange={(e) => form.set('occurrence', e.target.value)} />}
        </Field>
      ) : null}
      {d.kind === 'raiseDetection' ? (
        <Field label={t`Detection (D), now ${match.det ?? '—'}`} required error={form.error('det')}>
          {(id) => <TextInput id={id} data-testid="loop-propose-det" inputMode="numeric" value={d.det} onChange={(e) => form.set('det', e.target.value)} />}
        </Field>
      ) : null}
      {d.kind === 'addControl' ? (
        <Field label={t`Control type`} required error={form.error('controlKind')}>
          {(id) => (
            <Select
              id={id}
              data-testid="loop-propose-control-kind"
              value={d.controlKind}
              onChange={(e) => form.set('controlKind', e.target.value as Draft['controlKind'])}
              options={[{ value: '', label: '—' }, { value: 'prevention', label: labels.control.prevention }, { value: 'detection', label: labels.control.detection }]}
            />
          )}
        </Field>
      ) : null}
      <Field label={t`Rationale`} required error={form.error('rationale')}>
        {(id) => <TextArea id={id} data-testid="loop-propose-rationale" maxLength={2000} value={d.rationale} onChange={(e) => form.set('rationale', e.target.value)} />}
      </Field>
    </FormDialog>
  );
}
