import { Trans, useLingui } from '@lingui/react/macro';
import { Button, formatDateTime } from '@fmea/sdk';
import type { CpLine, CpReason } from './cp-api.ts';
import type { ControlPlanLabels } from './labels.ts';

/** Who changed the PFMEA and when, as a reason names it (either may be unknown). */
export function useWhoWhen() {
  const { t, i18n } = useLingui();
  return (by: string | null, at: string | Date | null) => {
    const when = at ? formatDateTime(typeof at === 'string' ? at : at.toISOString(), i18n.locale) : '';
    if (by && when) return t`${by}, ${when}`;
    return by ?? when;
  };
}

/** The reasons of a suspect line as plain text (the status icon's tooltip). */
export function reasonsText(line: CpLine, whoWhen: ReturnType<typeof useWhoWhen>): string {
  return line.reasons
    .map((r: CpReason) => {
      const who = whoWhen(r.byName ?? r.by, r.at);
      return who ? `${r.message} (${who})` : r.message;
    })
    .join('\n');
}

/**
 * The chosen line beside the grid: where it comes from, why it is suspect
 * (each reason with who changed the PFMEA and when), what its own texts
 * contradict, and the PFMEA's controls it follows. "Reviewed" accepts what
 * the PFMEA says now as the line's basis; the mark goes.
 */
export function LinePanel({
  line,
  labels,
  readOnly,
  busy,
  onReview,
  onEdit,
  onDelete,
  onClose,
}: {
  line: CpLine;
  labels: ControlPlanLabels;
  readOnly: boolean;
  busy: boolean;
  onReview: () => void;
  onEdit: () => void;
  onDelete: () => void;
  onClose: () => void;
}) {
  const { t, i18n } = useLingui();
  const whoWhen = useWhoWhen();
  const title = [line.processNo, line.processName].filter(Boolean).join(' ');
  const characteristic = line.productCharacteristic || line.processCharacteristic;
  const reviewed = whoWhen(line.reviewedByName ?? line.reviewedBy, line.reviewedAt);
  const changed = formatDateTime(String(line.updatedAt), i18n.locale);
  return (
    <aside className="cp-panel" aria-label={t`Control plan line`} data-testid="cp-panel">
      <div className="cp-panel-head">
        <h3 data-user-content>{title || <Trans>Line</Trans>}</h3>
        <Button kind="link" onClick={onClose} aria-label={t`Close`}>
          ×
        </Button>
      </div>
      <p data-user-content className="cp-panel-characteristic">
        {characteristic}
        {line.specialClass ? <span className="cp-class">{line.specialClass}</span> : null}
      </p>
      <p className="muted">
        {labels.origins[line.origin]}
        {line.linked ? null : (
          <>
            {' · '}
            <Trans>not linked to the PFMEA</Trans>
          </>
        )}
      </p>

      {line.suspect ? (
        <section className="cp-panel-section cp-suspect" data-testid="cp-reasons">
          <h4>
            <Trans>The PFMEA changed since this line was reviewed</Trans>
          </h4>
          <ul>
            {line.reasons.map((r, i) => {
              const who = whoWhen(r.byName ?? r.by, r.at);
              return (
                <li key={i} data-testid="cp-reason">
                  <span data-user-content>{r.message}</span>
                  {who ? <span className="cp-who">{who}</span> : null}
                </li>
              );
            })}
          </ul>
          {readOnly ? null : (
            <Button kind="primary" disabled={busy} onClick={onReview} data-testid="cp-review">
              <Trans>Reviewed</Trans>
            </Button>
          )}
          <p className="muted cp-hint">
            <Trans>Reviewed accepts what the PFMEA says now as this line's basis; change the line's own columns first if they no longer fit.</Trans>
          </p>
        </section>
      ) : null}

      {line.contradictions.length > 0 ? (
        <section className="cp-panel-section cp-contradiction" data-testid="cp-contradictions">
          <h4>
            <Trans>This line says something other than the PFMEA</Trans>
          </h4>
          <ul>
            {line.contradictions.map((c, i) => (
              <li key={i} data-user-content>
                {c.message}
              </li>
            ))}
          </ul>
          <p className="muted cp-hint">
            <Trans>Clear the cell to follow the PFMEA's controls again, or change the controls in the PFMEA's risk analysis.</Trans>
          </p>
        </section>
      ) : null}

      {line.pfmea ? (
        <section className="cp-panel-section">
          <h4>
            <Trans>The PFMEA's controls</Trans>
          </h4>
          <dl className="cp-controls">
            <dt>
              <Trans>Prevention</Trans>
            </dt>
            <dd data-user-content>{line.pfmea.prevention.map((c) => c.text).join('; ') || '—'}</dd>
            <dt>
              <Trans>Detection</Trans>
            </dt>
            <dd data-user-content>{line.pfmea.detection.map((c) => c.text).join('; ') || '—'}</dd>
            <dt>
              <Trans>Worst D</Trans>
            </dt>
            <dd>{line.pfmea.worstDetection ?? '—'}</dd>
          </dl>
        </section>
      ) : null}

      {line.reviewedAt ? (
        <p className="muted" data-testid="cp-reviewed">
          <Trans>Last reviewed: {reviewed}</Trans>
        </p>
      ) : null}
      <p className="muted">
        <Trans>Changed: {changed}</Trans>
      </p>

      {readOnly ? null : (
        <div className="cp-panel-actions">
          {line.linked ? null : (
            <Button onClick={onEdit} data-testid="cp-edit-line">
              <Trans>Edit line</Trans>
            </Button>
          )}
          <Button kind="danger" disabled={busy} onClick={onDelete} data-testid="cp-delete-line">
            <Trans>Delete line</Trans>
          </Button>
        </div>
      )}
    </aside>
  );
}
