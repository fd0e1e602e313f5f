import { useEffect, useState } from 'react';
import { useSearch } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';
import { api, Button, confirm, EmptyState, notify, notifyError, PageHeader, useGuardedNavigate, useLoad, type ApiData, type AreaPageProps } from '@fmea/sdk';
import { useEwoLabels } from '../labels.ts';
import { EwoDialog } from '../list/EwoDialog.tsx';
import { BreakpointTab } from './BreakpointTab.tsx';
import { DetailTab } from './DetailTab.tsx';
import { DocumentsTab } from './DocumentsTab.tsx';
import { FollowUpTab } from './FollowUpTab.tsx';
import { ItemsTab } from './ItemsTab.tsx';
import { PublishTab } from './PublishTab.tsx';
import { StepDialog, type EwoStep } from './StepDialog.tsx';
import '../ewo.css';

type Ewo = ApiData<'/api/ewo/get'>;
type Tab = 'detail' | 'items' | 'documents' | 'followUp' | 'publish' | 'breakpoint';

/**
 * One engineering change (ewoDetail?id=, by id or number): its state and the steps the caller may take now (as
 * the server answers them in `can`), and tabs for its details, affected items, documents, follow-up, publishing
 * and breakpoint follow-up. Every write answers the change as it now is, which the page shows.
 */
export default function EwoDetailPage({ basePath }: AreaPageProps) {
  const { t } = useLingui();
  const labels = useEwoLabels();
  const id = new URLSearchParams(useSearch()).get('id') ?? '';
  const navigate = useGuardedNavigate();
  const loaded = useLoad(() => (id ? api.get('/api/ewo/get', { id }) : Promise.resolve(null)), [id]);
  const [ewo, setEwo] = useState<Ewo | null>(null);
  const [tab, setTab] = useState<Tab>('detail');
  const [step, setStep] = useState<EwoStep | null>(null);
  const [editing, setEditing] = useState(false);
  useEffect(() => setEwo(loaded.data ?? null), [loaded.data]);

  if (!id || (loaded.error && !ewo)) return <EmptyState title={loaded.error ?? t`No engineering change chosen.`} />;
  if (!ewo) return <p className="ewo-note">{t`Loading…`}</p>;

  const remove = async () => {
    const num = ewo.ewoNum;
    if (!(await confirm({ title: t`Delete engineering change`, message: t`Delete engineering change ${num}?`, danger: true }))) return;
    try {
      await api.post('/api/ewo/delete', { id: ewo.id, version: ewo.version });
      notify('success', t`Engineering change ${num} deleted`);
      void navigate(basePath);
    } catch (error) {
      notifyError(error);
    }
  };

  const stepLabels: Record<EwoStep, string> = {
    startFollowUp: t`Start the follow-up`,
    submit: t`Request publishing`,
    approve: t`Approve publishing`,
    reject: t`Reject publishing`,
    withdraw: t`Withdraw the request`,
    close: t`Close the change`,
  };
  const steps = ewo.can.events.filter((e): e is EwoStep => e in stepLabels);
  const tabs: [Tab, string, number | null][] = [
    ['detail', t`Details`, null],
    ['items', t`Affected items`, ewo.items.length],
    ['documents', t`Documents`, ewo.documents.length],
    ['followUp', t`Follow-up`, ewo.entries.filter((e) => e.kind === 'followUp').length],
    ['publish', t`Publish`, null],
    ['breakpoint', t`Breakpoint follow-up`, null],
  ];
  const changed = (saved: Ewo) => setEwo(saved);

  return (
    <div className="page ewo-detail" data-testid="ewo-detail">
      <PageHeader
        title={
          <span className="ewo-head">
            <span data-testid="ewo-number">{ewo.ewoNum}</span>
            <span className={`ewo-state ewo-state-${ewo.status}`} data-testid="ewo-status">
              {labels.state[ewo.status]}
            </span>
          </span>
        }
        actions={
          <span className="ewo-actions">
            <Button onClick={() => void navigate(basePath)}>
              <Trans>Back to the list</Trans>
            </Button>
            {ewo.can.edit ? (
              <Button data-testid="ewo-edit" onClick={() => setEditing(true)}>
                <Trans>Edit</Trans>
              </Button>
            ) : null}
            {ewo.can.delete ? (
              <Button kind="danger" data-testid="ewo-delete" onClick={() => void remove()}>
                <Trans>Delete</Trans>
              </Button>
            ) : null}
            {steps.map((s) => (
              <Button key={s} kind={s === 'reject' || s === 'withdraw' ? 'default' : 'primary'} data-testid={`ewo-step-${s}`} onClick={() => setStep(s)}>
                {stepLabels[s]}
              </Button>
            ))}
          </span>
        }
      />
      <p className="ewo-head-desc" data-user-content>
        {ewo.description}
      </p>
      <div role="tablist" className="ewo-tabs" aria-label={t`Engineering change`}>
        {tabs.map(([value, label, count]) => (
          <button key={value} type="button" role="tab" data-testid={`ewo-tab-${value}-button`} aria-selected={tab === value} className={tab === value ? 'active' : ''} onClick={() => setTab(value)}>
            {label}
            {count !== null ? <span className="ewo-count">{count}</span> : null}
          </button>
        ))}
      </div>
      <div role="tabpanel">
        {tab === 'detail' ? <DetailTab ewo={ewo} /> : null}
        {tab === 'items' ? <ItemsTab ewo={ewo} onChanged={changed} /> : null}
        {tab === 'documents' ? <DocumentsTab ewo={ewo} onChanged={changed} /> : null}
        {tab === 'followUp' ? <FollowUpTab ewo={ewo} onChanged={changed} /> : null}
        {tab === 'publish' ? <PublishTab ewo={ewo} /> : null}
        {tab === 'breakpoint' ? <BreakpointTab ewo={ewo} onChanged={changed} /> : null}
      </div>
      {editing ? (
        <EwoDialog
          ewo={ewo}
          onClose={() => setEditing(false)}
          onSaved={(saved) => {
            setEditing(false);
            changed(saved);
          }}
        />
      ) : null}
      {step ? (
        <StepDialog
          ewo={ewo}
          step={step}
          onClose={() => setStep(null)}
          onDone={(saved) => {
            const done = stepLabels[step];
            setStep(null);
            changed(saved);
            notify('success', t`${done}: done`);
          }}
        />
      ) : null}
    </div>
  );
}
