import { useCallback, useEffect, useId, useState, type CSSProperties, type MouseEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { layoutProcessFlow, moveInOrder, processNosOutOfOrder, renderFlowLayoutSvg, stepTitle } from '@fmea/core/domain';
import { api, Button, confirm, EmptyState, notify, notifyError, saveBlob, svgToPng, useGridLabels } from '@fmea/sdk';
import type { StepProps } from '@fmea/fmea-ui';
import { useFlowLabels } from './labels.ts';
import { StepEditor, type Flow } from './StepEditor.tsx';
import './flow.css';

const today = () => new Date().toLocaleDateString('sv');

/**
 * The process flow chart of a PFMEA (issue 13, PFD): the picture is core's
 * pure renderer drawing the PFMEA's own process steps, the same one the
 * SVG export uses. Clicking a step in it (or in the list beside it) opens
 * the step's symbol, inputs, outputs and branches; the list moves steps up
 * and down. Every edit is an edit of the PFMEA's process model, so the other
 * steps of the project page see it at once. Downloads: the PFD workbook and
 * the SVG from the server, the PNG drawn here from the SVG on a canvas.
 */
export default function FlowChartStep({ projectId, readOnly, remoteRevision }: StepProps) {
  const { t } = useLingui();
  const grid = useGridLabels();
  const labels = useFlowLabels();
  const prefix = `pfd-${useId().replace(/[^a-zA-Z0-9]/g, '')}-`;
  const [flow, setFlow] = useState<Flow | null>(null);
  const [failed, setFailed] = useState(false);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [reads, setReads] = useState(0);
  const [moving, setMoving] = useState(false);
  // the picture fits its box (no sideways scrolling at 1366 pixels); actual size on demand, for reading small print
  const [actualSize, setActualSize] = useState(false);
  const reload = useCallback(() => setReads((n) => n + 1), []);

  useEffect(() => {
    let alive = true;
    api
      .get('/api/processFlow/get', { projectId })
      .then((answer) => {
        if (!alive) return;
        setFlow(answer);
        setFailed(false);
      })
      .catch((e) => {
        notifyError(e);
        if (alive) setFailed(true);
      });
    return () => {
      alive = false;
    };
  }, [projectId, remoteRevision, reads]);

  if (failed && !flow) return <EmptyState title={t`The flow chart could not be read.`} />;
  if (!flow) return <p className="pfd-muted">{grid.loading}</p>;

  // drawn on every render: a string of a few kilobytes, and React leaves the DOM alone while it is the same
  const header = labels.header({ pfdNumber: flow.pfdNumber, serialNum: flow.serialNum, name: flow.name, date: today() });
  const layout = layoutProcessFlow(flow, labels.chart, header);
  const svg = renderFlowLayoutSvg(layout, header.title, { xmlDeclaration: false, idPrefix: prefix });

  const selected = flow.steps.find((s) => s.id === selectedId) ?? null;

  /** A click on the picture selects the step (or the step a branch leaves) under the pointer. */
  const pick = (event: MouseEvent<HTMLDivElement>) => {
    const target = event.target as Element;
    const step = target.closest('[data-step-id]')?.getAttribute('data-step-id');
    const branch = target.closest('[data-branch-id]')?.getAttribute('data-branch-id');
    const from = branch ? flow.branches.find((b) => b.id === branch)?.fromStepId : undefined;
    if (step ?? from) setSelectedId((step ?? from)!);
  };

  const move = async (stepId: string, offset: -1 | 1) => {
    const order = moveInOrder(
      flow.steps.map((s) => s.id),
      stepId,
      offset,
    );
    const versions = new Map(flow.steps.map((s) => [s.id, s.version]));
    setMoving(true);
    try {
      const moved = await api.post('/api/processFlow/reorder', { projectId, steps: order.map((id) => ({ id, version: versions.get(id)! })) });
      setFlow(moved);
      // the numbers no longer follow the flow: offer to number the steps anew (the user decides)
      if (processNosOutOfOrder(moved.steps)) await offerRenumber(moved);
    } catch (e) {
      notifyError(e);
      reload();
    } finally {
      setMoving(false);
    }
  };

  /** Asks, then numbers every step anew in steps of 10 along the flow (POST /api/processFlow/renumber). */
  const offerRenumber = async (current: Flow) => {
    const numbers = current.steps.map((s) => s.processNo ?? '—').join(', ');
    const yes = await confirm({
      title: t`Renumber the process steps?`,
      message: t`The step numbers no longer follow the flow (${numbers}). Number every step anew in steps of 10 (10, 20, 30 …) in the new order?`,
    });
    if (!yes) return;
    try {
      const renumbered = await api.post('/api/processFlow/renumber', { projectId, steps: current.steps.map((s) => ({ id: s.id, version: s.version })) });
      setFlow(renumbered);
      notify('success', t`The process steps are numbered 10, 20, 30 … in flow order`);
    } catch (e) {
      notifyError(e);
      reload();
    }
  };

  const download = (format: 'xlsx' | 'svg') => void api.download('/api/processFlow/exportData', `${flow.pfdNumber}.${format}`, { projectId, format }).catch(notifyError);
  const downloadPng = async () => {
    try {
      const file = renderFlowLayoutSvg(layout, header.title, { idPrefix: prefix });
      saveBlob(await svgToPng(file, layout.width, layout.height), `${flow.pfdNumber}.png`);
    } catch {
      notify('error', t`The picture could not be drawn as PNG in this browser; download the SVG instead.`);
    }
  };

  return (
    <section className="dfmea-step pfd-step" data-testid="pfmea-flow">
      <div className="dfmea-toolbar">
        <span className="pfd-number">{flow.pfdNumber}</span>
        <span className="dfmea-spacer" />
        <Button aria-pressed={actualSize} onClick={() => setActualSize((on) => !on)} data-testid="pfd-zoom">
          {actualSize ? <Trans>Fit to width</Trans> : <Trans>Actual size</Trans>}
        </Button>
        <Button onClick={() => download('xlsx')} data-testid="pfd-download-xlsx">
          <Trans>Download workbook</Trans>
        </Button>
        <Button onClick={() => download('svg')} data-testid="pfd-download-svg">
          <Trans>Download SVG</Trans>
        </Button>
        <Button onClick={() => void downloadPng()} data-testid="pfd-download-png">
          <Trans>Download PNG</Trans>
        </Button>
      </div>
      <div className="pfd-layout">
        {/* the drawing holds the PFMEA's own texts (names, classes) as written: user content */}
        <div
          className={actualSize ? 'pfd-picture' : 'pfd-picture is-fit'}
          role="presentation"
          onClick={pick}
          data-testid="pfd-picture"
          data-user-content
          style={{ '--pfd-width': `${layout.width}px` } as CSSProperties}
          dangerouslySetInnerHTML={{ __html: svg }}
        />
        <aside className="pfd-side">
          {!readOnly && processNosOutOfOrder(flow.steps) ? (
            <div className="alert alert-info pfd-renumber" role="status" data-testid="pfd-out-of-order">
              <Trans>The step numbers do not follow the flow.</Trans>{' '}
              <Button kind="link" disabled={moving} onClick={() => void offerRenumber(flow)} data-testid="pfd-renumber">
                <Trans>Renumber</Trans>
              </Button>
            </div>
          ) : null}
          <table className="dfmea-table pfd-steps" aria-label={t`Process steps`}>
            <thead>
              <tr>
                <th>
                  <Trans>Step</Trans>
                </th>
                <th>
                  <Trans>Symbol</Trans>
                </th>
                {readOnly ? null : (
                  <th>
                    <Trans>Order</Trans>
                  </th>
                )}
              </tr>
            </thead>
            <tbody>
              {flow.steps.length === 0 ? (
                <tr>
                  <td colSpan={3} className="pfd-muted">
                    <Trans>No process steps yet: add them in the PFMEA’s structure analysis</Trans>
                  </td>
                </tr>
              ) : null}
              {flow.steps.map((s, i) => (
                <tr key={s.id} className={s.id === selectedId ? 'pfd-selected' : undefined} data-step-id={s.id}>
                  <td>
                    {/* a step's name is content: it wraps (btn-wrap) rather than push the list out of its column */}
                    <Button kind="link" className="btn btn-link btn-wrap" aria-pressed={s.id === selectedId} onClick={() => setSelectedId(s.id)} data-user-content>
                      {stepTitle(s)}
                    </Button>
                  </td>
                  <td>{labels.symbols[s.symbol]}</td>
                  {readOnly ? null : (
                    <td className="pfd-order">
                      <Button kind="link" disabled={moving || i === 0} aria-label={t`Move ${stepTitle(s)} up`} onClick={() => void move(s.id, -1)}>
                        ↑
                      </Button>
                      <Button kind="link" disabled={moving || i === flow.steps.length - 1} aria-label={t`Move ${stepTitle(s)} down`} onClick={() => void move(s.id, 1)}>
                        ↓
                      </Button>
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
          {selected ? (
            <StepEditor step={selected} steps={flow.steps} branches={flow.branches.filter((b) => b.fromStepId === selected.id)} readOnly={readOnly} labels={labels} onChanged={reload} />
          ) : flow.steps.length ? (
            <p className="pfd-muted">
              <Trans>Choose a step in the chart or the list to change its symbol, inputs, outputs and branches.</Trans>
            </p>
          ) : null}
        </aside>
      </div>
    </section>
  );
}
