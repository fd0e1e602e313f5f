import { useCallback, useEffect, useRef, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { api, Button, Dialog, onChangeNotice, onPosted, type ApiData } from '@fmea/sdk';

/** The checks before release of a project (GET /api/project/checks, docs/domain/fmea-checks.md). */
export type FmeaChecks = ApiData<'/api/project/checks'>;
export type FmeaFinding = FmeaChecks['findings'][number];

/** The order of the steps a finding belongs to (earlier steps first, as the server sorts them). */
const STEPS: readonly FmeaFinding['step'][] = ['planning', 'structure', 'function', 'failure', 'risk', 'optimization', 'msrRisk', 'msrOptimization'];

/** Reads that change nothing: the checks need not follow them. */
// marking a review step reviewed (review/walk) changes no analysis either
const READ_ONLY_POST = /\/(query|list|select|search|suggest|state|history|walk)/i;

/**
 * The project's checks, read again after this tab's writes (`onPosted`) and
 * after another member's (the `fmeaChanged` notice), a burst becoming one read.
 */
export function useProjectChecks(projectId: string | null) {
  const [checks, setChecks] = useState<FmeaChecks | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const load = useCallback(async () => {
    if (!projectId) return;
    try {
      setChecks(await api.get('/api/project/checks', { projectId }));
    } catch {
      // the indicator stays as it was: the page says why the project cannot be read
    }
  }, [projectId]);
  useEffect(() => {
    if (!projectId) return;
    void load();
    const later = () => {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void load(), 400);
    };
    const stopPosted = onPosted((path) => {
      if (!READ_ONLY_POST.test(path)) later();
    });
    const stopNotice = onChangeNotice('fmeaChanged', (data) => {
      if (data.projectId === projectId) later();
    });
    return () => {
      clearTimeout(timer.current);
      stopPosted();
      stopNotice();
    };
  }, [load, projectId]);
  return { checks, reload: load };
}

/** The header's indicator: errors and warnings, always visible; opens the list. */
export function ChecksIndicator({ checks, onOpen }: { checks: FmeaChecks | null; onOpen: () => void }) {
  const { t } = useLingui();
  const errors = checks?.counts.errors ?? 0;
  const warnings = checks?.counts.warnings ?? 0;
  const state = !checks ? 'loading' : errors > 0 ? 'error' : warnings > 0 ? 'warning' : 'clean';
  return (
    <Button data-testid="checks-open" data-state={state} className={`btn btn-default dfmea-checks dfmea-checks-${state}`} onClick={onOpen} aria-label={t`Checks before release: ${errors} errors, ${warnings} warnings`}>
      <span data-testid="checks-errors">{errors}</span> {errors === 1 ? t`error` : t`errors`} · <span data-testid="checks-warnings">{warnings}</span> {warnings === 1 ? t`warning` : t`warnings`}
    </Button>
  );
}

/** The findings grouped by step; each opens its row. */
export function FindingList({ findings, onOpenFinding }: { findings: readonly FmeaFinding[]; onOpenFinding?: (f: FmeaFinding) => void }) {
  return (
    <div className="dfmea-findings" data-testid="checks-findings">
      {STEPS.map((step) => {
        const group = findings.filter((f) => f.step === step);
        if (group.length === 0) return null;
        return (
          <section key={step} data-testid={`checks-step-${step}`}>
            <h4>{group[0]!.stepLabel}</h4>
            <ul>
              {group.map((f, i) => (
                <li key={`${f.code}-${f.target.id}-${i}`} className={`dfmea-finding dfmea-finding-${f.severity}`} data-code={f.code} data-severity={f.severity}>
                  <span className="dfmea-finding-severity">{f.severityLabel}</span>{' '}
                  {onOpenFinding ? (
                    <Button kind="link" data-testid="checks-finding" onClick={() => onOpenFinding(f)}>
                      {f.message}
                    </Button>
                  ) : (
                    <span data-user-content>{f.message}</span>
                  )}
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}

/** The panel the indicator opens. */
export function ChecksPanel({ checks, onClose, onOpenFinding, dock }: { checks: FmeaChecks | null; onClose: () => void; onOpenFinding: (f: FmeaFinding) => void; dock?: 'left' | 'right' }) {
  return (
    <Dialog
      dock={dock}
      open
      onOpenChange={(open) => !open && onClose()}
      title={<Trans>Checks before release</Trans>}
      width={720}
      actions={
        <Button data-testid="checks-close" onClick={onClose}>
          <Trans>Close</Trans>
        </Button>
      }
    >
      <div data-testid="checks-panel" aria-busy={!checks}>
        {checks && checks.findings.length === 0 ? (
          <p data-testid="checks-clean">
            <Trans>No findings: the FMEA is complete for release.</Trans>
          </p>
        ) : null}
        {checks ? <FindingList findings={checks.findings} onOpenFinding={onOpenFinding} /> : null}
      </div>
    </Dialog>
  );
}

/**
 * What a submit or release dialog shows before the step: errors block with
 * "Report incomplete"; warnings need the reader's acknowledgement.
 */
export function ChecksGate({ checks, acknowledged, onAcknowledge }: { checks: FmeaChecks | null | undefined; acknowledged: boolean; onAcknowledge: (v: boolean) => void }) {
  if (!checks || checks.findings.length === 0) return null;
  const { errors, warnings } = checks.counts;
  return (
    <div className="dfmea-checks-gate" data-testid="checks-gate">
      {errors > 0 ? (
        <div className="alert alert-error" role="alert" data-testid="checks-gate-blocked">
          <Trans>Report incomplete, not allowed to be released: {errors} errors to resolve first.</Trans>
        </div>
      ) : (
        <div className="alert alert-info" role="status">
          <Trans>The checks found {warnings} warnings.</Trans>
        </div>
      )}
      <FindingList findings={checks.findings} />
      {errors === 0 && warnings > 0 ? (
        <label className="dfmea-checks-ack">
          <input type="checkbox" data-testid="checks-acknowledge" checked={acknowledged} onChange={(e) => onAcknowledge(e.target.checked)} /> <Trans>I have read the warnings</Trans>
        </label>
      ) : null}
    </div>
  );
}

/** Whether the step may go on: no error, and the warnings acknowledged (checks not read yet: the server decides). */
export const gatePasses = (checks: FmeaChecks | null | undefined, acknowledged: boolean) => !checks || (checks.counts.errors === 0 && (checks.counts.warnings === 0 || acknowledged));

/**
 * The tab a finding opens: the step of its check where the page has it; a
 * CC/SC characteristic without a line opens the control plan (PFMEA), an
 * action the optimisation, an element without function the function
 * analysis at that element (where its functions are added).
 */
export function stepOfFinding(finding: FmeaFinding, keys: readonly string[]): string {
  const wanted =
    finding.code === 'special_without_control_plan' ? ['controlPlan', 'characteristics', 'function']
    : finding.target.kind === 'action' ? ['optimization']
    : finding.target.kind === 'node' ? ['function', 'structure']
    : [finding.step, 'structure'];
  return wanted.find((k) => keys.includes(k)) ?? keys[0] ?? 'structure';
}

/**
 * Scrolls to the row a finding names once the step shows it (rows carry
 * `data-item-id`) and marks it for a moment; a step without such rows opens
 * at the finding's node only. A grid's rows are not looked for here: the
 * grid is virtualised (a row far down is not in the page at all), so the
 * steps hand the item to their DataGrid's `reveal`, which scrolls to the row
 * and marks it.
 */
export function useFindingFocus(itemId: string | null, revision: number) {
  useEffect(() => {
    if (!itemId) return;
    let tries = 0;
    const timer = setInterval(() => {
      const id = CSS.escape(itemId);
      const row = [...document.querySelectorAll<HTMLElement>(`[data-item-id="${id}"]`)].find((el) => !el.closest('[role="grid"]'));
      if (row) {
        clearInterval(timer);
        row.scrollIntoView({ block: 'center' });
        row.classList.add('dfmea-focused');
        row.setAttribute('data-focused', 'true');
        setTimeout(() => {
          row.classList.remove('dfmea-focused');
        }, 2500);
      } else if (++tries > 40) clearInterval(timer);
    }, 100);
    return () => clearInterval(timer);
  }, [itemId, revision]);
}
