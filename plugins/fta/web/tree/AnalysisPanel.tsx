import { useMemo } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, DataGrid, Field, TextInput, useGridLabels, type ApiData, type DataGridColumn } from '@fmea/sdk';
import { formatProbability } from '../editor/symbols.tsx';

export type Analysis = ApiData<'/api/fta/analyze'>;
type CutSet = Analysis['cutSets'][number] & { key: string; rank: number };
type Importance = Analysis['importance'][number];

const ratio = (v: number | null) => (v === null || !Number.isFinite(v) ? '∞' : v.toPrecision(4));

/**
 * The tree's analysis: mission time and Run, then the top event's probability three ways (exact on the
 * BDD, the rare-event approximation and the min-cut upper bound), the minimal cut sets (a row marks its
 * events in the diagram) and the importance of each basic event.
 */
export function AnalysisPanel({
  missionTime,
  onMissionTime,
  missionError,
  running,
  onRun,
  result,
  selected,
  onSelect,
  readOnly,
}: {
  missionTime: string;
  onMissionTime: (value: string) => void;
  missionError: string | null;
  running: boolean;
  onRun: () => void;
  result: Analysis | null;
  selected: string | null;
  onSelect: (key: string | null, events: readonly string[]) => void;
  readOnly: boolean;
}) {
  const { t } = useLingui();
  const labels = useGridLabels();
  const cutSets = useMemo<CutSet[]>(() => (result?.cutSets ?? []).map((c, i) => ({ ...c, rank: i + 1, key: c.events.join('\u0000') })), [result]);
  const cutColumns: DataGridColumn<CutSet>[] = [
    { id: 'rank', header: t`No.`, accessor: 'rank', width: 60 },
    { id: 'events', header: t`Basic events`, hideable: false, cell: (row) => <span data-user-content>{row.events.join(' · ')}</span> },
    { id: 'order', header: t`Order`, accessor: 'order', width: 70 },
    { id: 'probability', header: t`Probability`, width: 110, cell: (row) => formatProbability(row.probability) },
  ];
  const importanceColumns: DataGridColumn<Importance>[] = [
    { id: 'event', header: t`Basic event`, hideable: false, cell: (row) => <span data-user-content>{row.event}</span> },
    { id: 'probability', header: t`Probability`, width: 90, cell: (row) => formatProbability(row.probability) },
    { id: 'fussellVesely', header: t`Fussell-Vesely`, width: 120, cell: (row) => row.fussellVesely.toPrecision(4) },
    { id: 'birnbaum', header: t`Birnbaum`, width: 130, cell: (row) => row.birnbaum.toPrecision(4) },
    { id: 'raw', header: t`RAW`, width: 80, cell: (row) => ratio(row.raw) },
    { id: 'rrw', header: t`RRW`, width: 80, cell: (row) => ratio(row.rrw) },
  ];
  const count = result?.cutSetCount;
  const listed = cutSets.length;

  return (
    <section className="fta-analysis" aria-label={t`Analysis`} data-testid="fta-analysis">
      <form
        className="fta-analysis-run"
        onSubmit={(e) => {
          e.preventDefault();
          onRun();
        }}
      >
        <Field label={<Trans>Mission time (hours)</Trans>} error={missionError}>
          {(id) => <TextInput id={id} data-testid="fta-mission-time" inputMode="decimal" value={missionTime} disabled={readOnly} onChange={(e) => onMissionTime(e.target.value)} />}
        </Field>
        <Button kind="primary" type="submit" disabled={running} data-testid="fta-run">
          {running ? <Trans>Analysing…</Trans> : <Trans>Run analysis</Trans>}
        </Button>
      </form>
      {result ? (
        <>
          <dl className="fta-probabilities" data-testid="fta-probabilities">
            <div>
              <dt>
                <Trans>Top event probability (exact)</Trans>
              </dt>
              <dd data-testid="fta-p-exact">{result.probability.exact.toPrecision(6)}</dd>
            </div>
            <div>
              <dt>
                <Trans>Rare-event approximation</Trans>
              </dt>
              <dd data-testid="fta-p-rare">{result.probability.rareEvent === null ? '–' : result.probability.rareEvent.toPrecision(6)}</dd>
            </div>
            <div>
              <dt>
                <Trans>Min-cut upper bound</Trans>
              </dt>
              <dd data-testid="fta-p-mcub">{result.probability.mcub === null ? '–' : result.probability.mcub.toPrecision(6)}</dd>
            </div>
            <div>
              <dt>
                <Trans>Minimal cut sets</Trans>
              </dt>
              <dd data-testid="fta-cut-count">{count === null || count === undefined ? '–' : count.toLocaleString()}</dd>
            </div>
          </dl>
          {!result.coherent ? (
            <p className="fta-note">
              <Trans>The tree has NOT or XOR gates: its probability is exact, but it has no minimal cut sets in the usual sense, so none are listed and the approximations are not given.</Trans>
            </p>
          ) : count !== null && count !== undefined && listed < count ? (
            <p className="fta-note">
              <Trans>
                {listed} of the {count} minimal cut sets are listed, smallest first ({result.belowCutoff} left out below the probability cut-off).
              </Trans>
            </p>
          ) : null}
          <h3>
            <Trans>Minimal cut sets</Trans>
          </h3>
          <DataGrid<CutSet>
            aria-label={t`Minimal cut sets`}
            columns={cutColumns}
            rows={cutSets}
            pageLocalRows
            rowKey={(row) => row.key}
            selectedKey={selected}
            onRowClick={(row) => (row.key === selected ? onSelect(null, []) : onSelect(row.key, row.events))}
            emptyText={t`No cut sets listed.`}
            labels={labels}
          />
          <h3>
            <Trans>Importance</Trans>
          </h3>
          <DataGrid<Importance> aria-label={t`Importance`} columns={importanceColumns} rows={result.importance} pageLocalRows rowKey={(row) => row.event} emptyText={t`No basic events.`} labels={labels} />
        </>
      ) : (
        <p className="fta-note">
          <Trans>Run the analysis to see the top event's probability, the minimal cut sets and the importance of each event.</Trans>
        </p>
      )}
    </section>
  );
}
