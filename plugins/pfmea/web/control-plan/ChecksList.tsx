import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '@fmea/sdk';
import type { CpChecks, CpLine } from './cp-api.ts';

/** Where a finding takes the reader: a line of the grid, or a process step of the PFMEA (its function analysis, where the characteristic is). */
export type CheckTarget = { line: string } | { step: string };

/**
 * The checks a reviewer would otherwise do by hand, above the grid: CC/SC
 * characteristics without a line, lines that no longer trace to the PFMEA,
 * and CC characteristics whose detection is rated D ≥ 7. Each finding is a
 * button to its line, or to its characteristic in the PFMEA.
 */
export function ChecksList({ checks, lines, onGo }: { checks: CpChecks; lines: readonly CpLine[]; onGo: (target: CheckTarget) => void }) {
  const { t } = useLingui();
  const count = checks.missingLines.length + checks.untraced.length + checks.weakDetections.length;
  if (count === 0) {
    return (
      <p className="cp-checks-ok" data-testid="cp-checks-ok">
        <Trans>Checks: every CC/SC characteristic has a line, every line traces to the PFMEA, no CC characteristic is rated D 7 or more.</Trans>
      </p>
    );
  }
  const lineById = new Map(lines.map((l) => [l.id, l]));
  const stepOf = new Map(checks.missingLines.map((m) => [m.characteristicId, m.stepNodeId]));
  const lineName = (id: string) => {
    const line = lineById.get(id);
    if (!line) return '';
    return [line.processNo, line.processName, line.productCharacteristic || line.processCharacteristic].filter(Boolean).join(' · ');
  };
  /** The finding and the line it is about ("…: 30 Final inspection · Label present"). */
  const untracedText = (finding: string, line: string) => (line ? t`${finding}: ${line}` : finding);
  return (
    <details className="cp-checks" open data-testid="cp-checks">
      <summary>
        {plural(count, { one: "Reviewer's checks: # finding", other: "Reviewer's checks: # findings" })}
      </summary>
      <ul>
        {checks.missingLines.map((m) => (
          <li key={`m:${m.characteristicId}`} data-testid="cp-check-missing">
            <span className={m.planClass === 'CC' ? 'cp-check-mark is-error' : 'cp-check-mark is-warning'} aria-hidden>
              !
            </span>
            <span data-user-content>{m.message}</span>
            <Button kind="link" onClick={() => onGo({ step: m.stepNodeId })}>
              {t`Show in the PFMEA`}
            </Button>
          </li>
        ))}
        {checks.untraced.map((u) => (
          <li key={`u:${u.lineId}`} data-testid="cp-check-untraced">
            <span className="cp-check-mark is-warning" aria-hidden>
              ?
            </span>
            <span data-user-content>{untracedText(u.message, lineName(u.lineId))}</span>
            <Button kind="link" onClick={() => onGo({ line: u.lineId })}>
              {t`Show the line`}
            </Button>
          </li>
        ))}
        {checks.weakDetections.map((w) => {
          const step = stepOf.get(w.characteristicId);
          return (
            <li key={`w:${w.characteristicId}:${w.causeId}`} data-testid="cp-check-weak">
              <span className="cp-check-mark is-error" aria-hidden>
                D
              </span>
              <span data-user-content>{w.message}</span>
              {w.lineId ? (
                <Button kind="link" onClick={() => onGo({ line: w.lineId! })}>
                  {t`Show the line`}
                </Button>
              ) : step ? (
                <Button kind="link" onClick={() => onGo({ step })}>
                  {t`Show in the PFMEA`}
                </Button>
              ) : null}
            </li>
          );
        })}
      </ul>
    </details>
  );
}
