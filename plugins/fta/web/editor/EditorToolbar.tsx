import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '@fmea/sdk';

/** The diagram's toolbar: zoom, fit, auto-layout, collapse all; the problems found; print and export. */
export function EditorToolbar(props: {
  scale: number;
  onZoom: (factor: number) => void;
  onFit: () => void;
  onRelayout: () => void;
  onCollapseAll: () => void;
  problems: readonly string[];
  problemsLabel: string;
  onPrint: () => void;
  onExport: (format: 'svg' | 'png') => void;
}) {
  const { t } = useLingui();
  return (
    <div className="fta-toolbar" role="toolbar" aria-label={t`Diagram`}>
      <Button onClick={() => props.onZoom(1.25)} aria-label={t`Zoom in`} data-testid="fta-zoom-in">
        +
      </Button>
      <Button onClick={() => props.onZoom(0.8)} aria-label={t`Zoom out`} data-testid="fta-zoom-out">
        −
      </Button>
      <span className="fta-zoom" aria-live="polite">{`${Math.round(props.scale * 100)}%`}</span>
      <Button onClick={props.onFit} data-testid="fta-fit">
        <Trans>Fit</Trans>
      </Button>
      <Button onClick={props.onRelayout} data-testid="fta-relayout">
        <Trans>Auto-layout</Trans>
      </Button>
      <Button onClick={props.onCollapseAll} data-testid="fta-collapse-all">
        <Trans>Collapse all</Trans>
      </Button>
      <span className="fta-toolbar-gap" />
      {props.problems.length ? (
        <span className="fta-problems" data-testid="fta-problems" title={props.problems.join('\n')}>
          {props.problemsLabel}
        </span>
      ) : null}
      <Button onClick={props.onPrint} data-testid="fta-print">
        <Trans>Print</Trans>
      </Button>
      <Button onClick={() => props.onExport('svg')} data-testid="fta-export-svg">
        <Trans>Export SVG</Trans>
      </Button>
      <Button onClick={() => props.onExport('png')} data-testid="fta-export-png">
        <Trans>Export PNG</Trans>
      </Button>
    </div>
  );
}
