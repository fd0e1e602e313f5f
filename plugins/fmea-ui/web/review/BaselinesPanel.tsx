import { useCallback, useEffect, useMemo, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { api, Button, currentLocale, Dialog, EmptyState, formatDateTime, notifyError, Select, useFieldLabels, useValueLabel, type ApiData } from '@fmea/sdk';
import { kindOf } from '@fmea/core/domain';
import type { ProjectView } from '../types.ts';
import { VerifyWorkbook } from './VerifyWorkbook.tsx';

type Baseline = ApiData<'/api/project/baselines'>[number];
type Diff = ApiData<'/api/project/baseline/diff'>;
type Content = ApiData<'/api/project/baseline'>;
type Kind = Diff['items'][number]['kind'];
type Value = string | number | boolean | null;

const WORKING = 'working';

/** The item kinds and the common fields in the reader's language (a field without a label shows its API name). */
function useBaselineLabels() {
  const { t } = useLingui();
  const kind: Record<Kind, string> = {
    project: t`Project header`,
    apRules: t`AP rules`,
    member: t`Team member`,
    node: t`Structure element`,
    function: t`Function`,
    functionLink: t`Function net link`,
    characteristic: t`Characteristic`,
    interface: t`Interface`,
    effect: t`Failure effect (FE)`,
    mode: t`Failure mode (FM)`,
    cause: t`Failure cause (FC)`,
    failureLink: t`Failure net link`,
    control: t`Current control`,
    action: t`Action`,
  };
  const change = { added: t`added`, removed: t`removed`, changed: t`changed` };
  const field = useFieldLabels();
  const value = useValueLabel();
  return { kind, change, field, value };
}


/** Items grouped by kind, in the order the server sorted them. */
function byKind<T extends { kind: Kind }>(items: readonly T[]): [Kind, T[]][] {
  const groups = new Map<Kind, T[]>();
  for (const item of items) (groups.get(item.kind) ?? groups.set(item.kind, []).get(item.kind)!).push(item);
  return [...groups];
}

/**
 * The project's baselines (docs/domain/fmea-baselines.md): each release
 * froze one. The list (label, version, released when and by whom, short
 * hash); open one read-only (its items by kind), export it as the form
 * workbook, and compare any two, or one with the working copy: the diff by
 * kind with old → new values, exportable as a workbook.
 */
export function BaselinesPanel({ project, onClose, dock }: { project: ProjectView; onClose: () => void; dock?: 'left' | 'right' }) {
  const { t } = useLingui();
  const labels = useBaselineLabels();
  const [baselines, setBaselines] = useState<Baseline[] | null>(null);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState(WORKING);
  const [diff, setDiff] = useState<Diff | null>(null);
  const [content, setContent] = useState<Content | null>(null);
  const [busy, setBusy] = useState(false);
  const projectId = project.id;

  const load = useCallback(async () => {
    try {
      const list = await api.get('/api/project/baselines', { projectId });
      setBaselines(list);
      if (list[0]) setFrom((f) => f || list[0]!.id);
    } catch (error) {
      notifyError(error);
    }
  }, [projectId]);
  useEffect(() => {
    void load();
  }, [load]);

  const sides = useMemo(() => [...(baselines ?? []).map((b) => ({ value: b.id, label: `${b.label} (${b.versionLabel})` })), { value: WORKING, label: t`Working copy` }], [baselines, t]);

  const compare = async () => {
    setBusy(true);
    try {
      setContent(null);
      setDiff(await api.get('/api/project/baseline/diff', { projectId, from, to }));
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };
  const open = async (b: Baseline) => {
    try {
      setDiff(null);
      setContent(await api.get('/api/project/baseline', { projectId, baseline: b.id }));
    } catch (error) {
      notifyError(error);
    }
  };
  const prefix = kindOf(project.projectType).filePrefix;
  const exportOne = (b: Baseline) => void api.download('/api/project/baseline/export', `${prefix}-${project.serialNum}-${b.label}.xlsx`, { projectId, baseline: b.id }).catch(notifyError);
  const sideName = (s: Diff['from']) => (s.baseline ? s.baseline.label : WORKING);
  const exportDiff = (d: Diff) =>
    void api.download('/api/project/baseline/diffExport', `${prefix}-${project.serialNum}-${sideName(d.from)}-${sideName(d.to)}.xlsx`, { projectId, from: d.from.ref, to: d.to.ref }).catch(notifyError);

  return (
    <Dialog
      dock={dock}
      open
      onOpenChange={(o) => !o && onClose()}
      title={<Trans>Baselines</Trans>}
      width={1000}
      actions={
        <Button data-testid="baselines-close" onClick={onClose}>
          <Trans>Close</Trans>
        </Button>
      }
    >
      <div className="dfmea-baselines" data-testid="baselines-panel" aria-busy={!baselines}>
        {baselines && baselines.length === 0 ? (
          <EmptyState title={<Trans>No baseline yet</Trans>}>
            <Trans>Each release freezes the whole analysis as a baseline.</Trans>
          </EmptyState>
        ) : null}
        {baselines && baselines.length > 0 ? (
          <>
            <table className="dfmea-review-table" data-testid="baselines-list">
              <thead>
                <tr>
                  <th><Trans>Baseline</Trans></th>
                  <th><Trans>Version</Trans></th>
                  <th><Trans>Released</Trans></th>
                  <th><Trans>By</Trans></th>
                  <th><Trans>Chains</Trans></th>
                  <th><Trans>Content hash</Trans></th>
                  <th />
                </tr>
              </thead>
              <tbody>
                {baselines.map((b) => (
                  <tr key={b.id} data-testid={`baseline-row-${b.label}`}>
                    <td>{b.label}</td>
                    <td>{b.versionLabel}</td>
                    <td>{formatDateTime(b.createdAt, currentLocale())}</td>
                    <td data-user-content>{b.createdByName ?? ''}</td>
                    <td>{b.chainCount}</td>
                    <td title={b.contentHash}>
                      <code>{b.contentHash.slice(0, 12)}</code>
                    </td>
                    <td className="dfmea-baseline-actions">
                      <Button kind="link" data-testid={`baseline-open-${b.label}`} onClick={() => void open(b)}>
                        <Trans>Open</Trans>
                      </Button>
                      <Button kind="link" data-testid={`baseline-export-${b.label}`} onClick={() => exportOne(b)}>
                        <Trans>Export</Trans>
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            <div className="dfmea-baseline-compare">
              <label>
                <Trans>Compare</Trans>{' '}
                <Select aria-label={t`From`} data-testid="baseline-from" value={from} onChange={(e) => setFrom(e.target.value)} options={sides} />
              </label>
              <span aria-hidden>→</span>
              <Select aria-label={t`To`} data-testid="baseline-to" value={to} onChange={(e) => setTo(e.target.value)} options={sides} />
              <Button kind="primary" data-testid="baseline-compare" disabled={busy || !from} onClick={() => void compare()}>
                <Trans>Compare</Trans>
              </Button>
            </div>
          </>
        ) : null}
        <VerifyWorkbook projectId={projectId} />
        {diff ? (
          <section data-testid="baseline-diff">
            <h3>
              <Trans>
                {diff.from.baseline ? diff.from.baseline.label : t`Working copy`} → {diff.to.baseline ? diff.to.baseline.label : t`Working copy`}: {diff.added} added, {diff.removed} removed, {diff.changed} changed
              </Trans>{' '}
              <Button kind="link" data-testid="baseline-diff-export" onClick={() => exportDiff(diff)}>
                <Trans>Export as workbook</Trans>
              </Button>
            </h3>
            {diff.items.length === 0 ? (
              <p data-testid="baseline-diff-empty">
                <Trans>No differences.</Trans>
              </p>
            ) : (
              byKind(diff.items).map(([kind, items]) => (
                <div key={kind} className="dfmea-baseline-group" data-testid={`baseline-diff-${kind}`}>
                  <h4>
                    {labels.kind[kind]} ({items.length})
                  </h4>
                  <table className="dfmea-review-table">
                    <tbody>
                      {items.map((item) => (
                        <tr key={`${item.change}-${item.id}`} className={`dfmea-diff-${item.change}`} data-testid="baseline-diff-item">
                          <td className="dfmea-diff-change">{labels.change[item.change]}</td>
                          <td data-user-content>{item.path}</td>
                          <td>
                            {item.fields.map((f) => (
                              <div key={f.field} data-testid="baseline-diff-field" data-field={f.field}>
                                <span className="dfmea-diff-field">{labels.field[f.field] ?? f.field}</span>:{' '}
                                {item.change === 'added' ? (
                                  <span data-user-content>{labels.value(f.field, f.new)}</span>
                                ) : item.change === 'removed' ? (
                                  <del data-user-content>{labels.value(f.field, f.old)}</del>
                                ) : (
                                  <>
                                    <del data-user-content>{labels.value(f.field, f.old)}</del> → <ins data-user-content>{labels.value(f.field, f.new)}</ins>
                                  </>
                                )}
                              </div>
                            ))}
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              ))
            )}
          </section>
        ) : null}
        {content ? (
          <section data-testid="baseline-content">
            <h3>
              <Trans>
                {content.baseline.label} ({content.baseline.versionLabel}), read only
              </Trans>
            </h3>
            {byKind(content.items).map(([kind, items]) => (
              <details key={kind} className="dfmea-baseline-group">
                <summary>
                  {labels.kind[kind]} ({items.length})
                </summary>
                <ul>
                  {items.map((item) => (
                    <li key={item.id} data-user-content>
                      {item.path}
                    </li>
                  ))}
                </ul>
              </details>
            ))}
          </section>
        ) : null}
      </div>
    </Dialog>
  );
}
