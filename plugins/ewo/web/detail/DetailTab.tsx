import { Trans, useLingui } from '@lingui/react/macro';
import { formatDate, formatDateTime, type ApiData } from '@fmea/sdk';
import { useEwoLabels } from '../labels.ts';
import { ProposalsMount } from './ProposalsMount.tsx';

type Ewo = ApiData<'/api/ewo/get'>;

/** The change's fields as the spec lists them (number, description, type, source, closing date, tracker, opening/closing status), and who did what when. */
export function DetailTab({ ewo }: { ewo: Ewo }) {
  const { t, i18n } = useLingui();
  const labels = useEwoLabels();
  const fields: [string, string, boolean?][] = [
    [t`EWO number`, ewo.ewoNum],
    [t`Type`, labels.type[ewo.ewoType]],
    [t`Source`, labels.source[ewo.source]],
    [t`Tracker`, ewo.trackerName],
    [t`Closing date`, formatDate(ewo.closingDate) || '—'],
    [t`Opening/closing`, ewo.openStatus === 'closed' ? t`Change closed` : t`Change open`],
    [t`Status`, labels.state[ewo.status]],
    [t`Opened by`, `${ewo.creatorName ?? '—'} · ${formatDateTime(ewo.createTime, i18n.locale)}`],
    [t`Last changed by`, `${ewo.updaterName ?? '—'} · ${formatDateTime(ewo.updateTime, i18n.locale)}`],
    [t`Description`, ewo.description, true],
  ];
  const closedBy = ewo.closedByName ?? '—';
  const closedAt = ewo.closeTime ? formatDateTime(ewo.closeTime, i18n.locale) : null;
  return (
    <div data-testid="ewo-tab-detail">
      <dl className="ewo-fields">
        {fields.map(([label, value, wide]) => (
          <div key={label} className={wide ? 'ewo-wide' : undefined}>
            <dt>{label}</dt>
            <dd data-user-content>{value}</dd>
          </div>
        ))}
      </dl>
      {closedAt ? (
        <p className="ewo-note">
          <Trans>Closed by {closedBy} on {closedAt}.</Trans>
        </p>
      ) : null}
      <ProposalsMount ewoId={ewo.id} closed={ewo.status === 'closed'} />
    </div>
  );
}
