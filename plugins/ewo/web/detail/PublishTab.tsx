import { Trans, useLingui } from '@lingui/react/macro';
import { formatDateTime, type ApiData } from '@fmea/sdk';
import { Timeline } from './FollowUpTab.tsx';

type Ewo = ApiData<'/api/ewo/get'>;

/** The publish request and the approver's decision: who asked whom and when, the opinion, and the steps of every request so far. */
export function PublishTab({ ewo }: { ewo: Ewo }) {
  const { t, i18n } = useLingui();
  const rows: [string, string][] = [
    [t`Approver`, ewo.approverName ?? '—'],
    [t`Requested by`, ewo.submitterName ? `${ewo.submitterName} · ${formatDateTime(ewo.submitTime, i18n.locale)}` : '—'],
    [t`Published on`, ewo.publishTime ? formatDateTime(ewo.publishTime, i18n.locale) : '—'],
    [t`Approver's opinion`, ewo.publishOpinion ?? '—'],
  ];
  const approver = ewo.approverName ?? '';
  const steps = ewo.entries.filter((e) => e.kind === 'submit' || e.kind === 'approve' || e.kind === 'reject' || e.kind === 'withdraw');
  return (
    <div data-testid="ewo-tab-publish">
      {ewo.status === 'publishPending' ? (
        <p className="ewo-note" data-testid="ewo-publish-waiting">
          <Trans>Waiting for {approver} to approve or reject publishing.</Trans>
        </p>
      ) : ewo.status === 'followUp' ? (
        <p className="ewo-note">
          <Trans>When the follow-up is done, request publishing from an approver.</Trans>
        </p>
      ) : null}
      <dl className="ewo-fields">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd data-user-content>{value}</dd>
          </div>
        ))}
      </dl>
      <section className="ewo-section">
        <h3>{t`Publish requests and decisions`}</h3>
        <Timeline entries={steps} testId="ewo-publish-history" />
      </section>
    </div>
  );
}
