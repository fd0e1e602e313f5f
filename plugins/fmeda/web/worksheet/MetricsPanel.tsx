import { Trans, useLingui } from '@lingui/react/macro';
import { ASIL_TARGETS, ASILS, type FmedaMetrics } from '@fmea/core/domain';

const pct = (value: number | null) => (value === null ? '–' : `${(value * 100).toFixed(2)} %`);

/** One verdict: met or not, said in words for screen readers and marked for the eye. */
function Verdict({ met, testId }: { met: boolean; testId: string }) {
  const { t } = useLingui();
  return (
    <span className={met ? 'fmeda-verdict fmeda-met' : 'fmeda-verdict fmeda-not-met'} data-testid={testId} data-met={met} role="img" title={met ? t`Target met` : t`Target not met`} aria-label={met ? t`Target met` : t`Target not met`}>
      {met ? '✓' : '✗'}
    </span>
  );
}

/**
 * The hardware metrics of the worksheet as it stands in the browser (computed from its rows by core's
 * pure functions, the same the server stores with a baseline): ISO 26262-5's SPFM, LFM and PMHF with a
 * verdict per ASIL (the target ASIL marked), IEC 61508-2's SFF, DC, PFH with its SIL band, and the
 * highest SIL by Route 1H.
 */
export function MetricsPanel({ metrics, standard, targetAsil, targetSil, elementType, hft }: { metrics: FmedaMetrics; standard: string; targetAsil: string | null; targetSil: number | null; elementType: string | null; hft: number | null }) {
  const { t } = useLingui();
  const iec = standard === 'iec61508';
  const claimed = iec && elementType && hft !== null ? metrics.maxSil[elementType as 'typeA' | 'typeB'][`hft${hft}` as 'hft0' | 'hft1' | 'hft2'] : null;
  return (
    <aside className="fmeda-metrics" aria-label={t`Hardware metrics`} data-testid="fmeda-metrics">
      <section>
        <h3>
          <Trans>ISO 26262-5</Trans>
        </h3>
        <dl className="fmeda-figures">
          <dt>SPFM</dt>
          <dd data-testid="fmeda-spfm">{pct(metrics.spfm)}</dd>
          <dt>LFM</dt>
          <dd data-testid="fmeda-lfm">{pct(metrics.lfm)}</dd>
          <dt>PMHF</dt>
          <dd data-testid="fmeda-pmhf">{`${Number(metrics.pmhfFit.toPrecision(4))} FIT`}</dd>
        </dl>
        <table className="fmeda-asil-table">
          <caption>
            <Trans>Targets per ASIL</Trans>
          </caption>
          <thead>
            <tr>
              <th scope="col" />
              <th scope="col">SPFM</th>
              <th scope="col">LFM</th>
              <th scope="col">PMHF</th>
            </tr>
          </thead>
          <tbody>
            {ASILS.map((asil) => (
              <tr key={asil} className={!iec && targetAsil === asil ? 'fmeda-target' : undefined} data-testid={`fmeda-asil-${asil}`}>
                <th scope="row">
                  ASIL {asil}
                  {!iec && targetAsil === asil ? <span className="fmeda-target-tag">{t`target`}</span> : null}
                </th>
                <td title={`≥ ${ASIL_TARGETS[asil].spfm * 100} %`}>
                  <Verdict met={metrics.asil[asil].spfm} testId={`fmeda-verdict-${asil}-spfm`} />
                </td>
                <td title={`≥ ${ASIL_TARGETS[asil].lfm * 100} %`}>
                  <Verdict met={metrics.asil[asil].lfm} testId={`fmeda-verdict-${asil}-lfm`} />
                </td>
                <td title={`< ${ASIL_TARGETS[asil].pmhfFit} FIT`}>
                  <Verdict met={metrics.asil[asil].pmhf} testId={`fmeda-verdict-${asil}-pmhf`} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <section>
        <h3>
          <Trans>IEC 61508-2</Trans>
        </h3>
        <dl className="fmeda-figures">
          <dt>SFF</dt>
          <dd data-testid="fmeda-sff">{pct(metrics.sff)}</dd>
          <dt>DC</dt>
          <dd data-testid="fmeda-dc">{pct(metrics.dc)}</dd>
          <dt>PFH</dt>
          <dd data-testid="fmeda-pfh">
            {metrics.pfhPerHour.toExponential(2)} /h · {metrics.pfhSilBand ? `SIL ${metrics.pfhSilBand}` : t`no SIL band`}
          </dd>
        </dl>
        <table className="fmeda-sil-table">
          <caption>
            <Trans>Highest SIL by Route 1H</Trans>
          </caption>
          <thead>
            <tr>
              <th scope="col" />
              <th scope="col">HFT 0</th>
              <th scope="col">HFT 1</th>
              <th scope="col">HFT 2</th>
            </tr>
          </thead>
          <tbody>
            {(['typeA', 'typeB'] as const).map((type) => (
              <tr key={type}>
                <th scope="row">{type === 'typeA' ? t`Type A` : t`Type B`}</th>
                {(['hft0', 'hft1', 'hft2'] as const).map((h) => (
                  <td key={h} data-testid={`fmeda-maxsil-${type}-${h}`} className={iec && elementType === type && `hft${hft}` === h ? 'fmeda-target' : undefined}>
                    {metrics.maxSil[type][h] || t`not allowed`}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
        {iec && targetSil !== null && claimed !== null ? (
          <p className={claimed >= targetSil ? 'fmeda-claim fmeda-met' : 'fmeda-claim fmeda-not-met'} data-testid="fmeda-sil-claim">
            {claimed >= targetSil ? t`SIL ${targetSil} can be claimed by the architecture.` : t`SIL ${targetSil} cannot be claimed: at most SIL ${claimed}.`}
          </p>
        ) : null}
      </section>
    </aside>
  );
}
