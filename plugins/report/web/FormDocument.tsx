import { Trans, useLingui } from '@lingui/react/macro';
import { formatDateTime, type ApiData } from '@fmea/sdk';
import { useReportLabels } from './labels.ts';

type Form = ApiData<'/api/report/form'>;

/**
 * A project's FMEA form to print (the print view's kind=form): the risk grid's rows in AIAG-VDA form order, one
 * table whose header row repeats on every printed page (report.css). Not virtualised, as a print must hold every row.
 */
export function FormDocument({ form }: { form: Form }) {
  const { t, i18n } = useLingui();
  const labels = useReportLabels();
  const headers = [t`Structure element`, t`Function`, t`Failure effect`, 'S', t`Failure mode`, t`Failure cause`, t`Prevention controls`, 'O', t`Detection controls`, 'D', 'AP', t`Actions`, "S'", "O'", "D'", "AP'"];
  return (
    <article className="rpt-doc rpt-form" data-testid="rpt-doc">
      <header>
        <h1 data-testid="rpt-title">
          <Trans>FMEA form</Trans> · {form.project.serialNum} <span data-user-content>{form.project.name}</span>
        </h1>
        <p className="rpt-sub">
          {labels.projectType[form.project.projectType] ?? form.project.projectType} · {labels.reviewStatus[form.project.reviewStatus] ?? form.project.reviewStatus} ·{' '}
          <Trans>generated {formatDateTime(form.generatedAt, i18n.locale)}</Trans>
        </p>
      </header>
      <table className="rpt-table" data-testid="rpt-form">
        <thead>
          <tr>
            {headers.map((h) => (
              <th key={h}>{h}</th>
            ))}
          </tr>
        </thead>
        <tbody data-user-content>
          {form.rows.map((r, i) => (
            <tr key={i}>
              <td>{r.elementName}</td>
              <td>{r.functionDescription}</td>
              <td>{r.effect}</td>
              <td className="rpt-num">{r.severity}</td>
              <td>{r.mode}</td>
              <td>{r.cause}</td>
              <td className="rpt-lines">{r.preventionControls.join('\n')}</td>
              <td className="rpt-num">{r.occurrence}</td>
              <td className="rpt-lines">{r.detectionControls.join('\n')}</td>
              <td className="rpt-num">{r.detection}</td>
              <td className={r.ap ? `rpt-ap rpt-ap-${r.ap}` : undefined}>{r.ap}</td>
              <td className="rpt-lines">{r.actions.map((a) => `${a.description}${a.targetDate ? ` (${a.targetDate})` : ''} · ${labels.actionStatus[a.status] ?? a.status}`).join('\n')}</td>
              <td className="rpt-num">{r.raseverity}</td>
              <td className="rpt-num">{r.raoccurrence}</td>
              <td className="rpt-num">{r.radet}</td>
              <td className={r.raAp ? `rpt-ap rpt-ap-${r.raAp}` : undefined}>{r.raAp}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </article>
  );
}
