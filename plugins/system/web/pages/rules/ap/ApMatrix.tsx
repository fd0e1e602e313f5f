import { useId } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ApLevel, ApLookup, UnverifiedCell } from '@fmea/core/domain';

const RATINGS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] as const;

/**
 * One 10×10 S×O grid for the chosen D, coloured by action priority. FMEA-MSR
 * names its factors F and M (`factors`); cells of the handbook table that
 * could not be verified (`unverified`) carry a mark and say so.
 */
export function ApMatrix({
  lookup,
  d,
  onD,
  factors = ['O', 'D'],
  unverified = null,
}: {
  lookup: ApLookup;
  d: number;
  onD: (d: number) => void;
  factors?: readonly [string, string];
  unverified?: UnverifiedCell | null;
}) {
  const [oName, dName] = factors;
  const { t } = useLingui();
  const sliderId = useId();
  const counts: Record<ApLevel, number> = { H: 0, M: 0, L: 0 };
  for (const s of RATINGS) for (const o of RATINGS) counts[lookup(s, o, d)]++;
  const levelName = (level: ApLevel) => (level === 'H' ? t`High` : level === 'M' ? t`Medium` : t`Low`);

  return (
    <section className="sys-ap-matrix" aria-label={t`AP matrix`} data-testid="ap-matrix">
      <div className="sys-ap-slider">
        <label htmlFor={sliderId}>
          {dName === 'M' ? <Trans>Monitoring M = {d}</Trans> : <Trans>Detection D = {d}</Trans>}
        </label>
        <input id={sliderId} type="range" min={1} max={10} step={1} value={d} onChange={(e) => onD(Number(e.target.value))} />
      </div>
      <table className="sys-ap-grid" aria-label={t`Action priority for ${dName} = ${d}`}>
        <thead>
          <tr>
            <th scope="col" className="sys-ap-corner">
              S \ {oName}
            </th>
            {RATINGS.map((o) => (
              <th key={o} scope="col">
                {o}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {[...RATINGS].reverse().map((s) => (
            <tr key={s}>
              <th scope="row">{s}</th>
              {RATINGS.map((o) => {
                const level = lookup(s, o, d);
                const doubt = unverified?.(s, o, d) ?? false;
                const title = t`S ${s} × ${oName} ${o} × ${dName} ${d}: ${levelName(level)}`;
                return (
                  <td
                    key={o}
                    className={`sys-ap-cell sys-ap-${level}${doubt ? ' sys-ap-unverified' : ''}`}
                    title={doubt ? `${title} · ${t`not verified against the handbook`}` : title}
                    data-cell={`${s}-${o}`}
                    data-unverified={doubt ? 'true' : undefined}
                  >
                    {level}
                    {doubt ? <sup aria-hidden="true">?</sup> : null}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <p className="sys-ap-legend">
        <span className="sys-ap-swatch sys-ap-H" /> {t`High`} {counts.H} <span className="sys-ap-swatch sys-ap-M" /> {t`Medium`} {counts.M} <span className="sys-ap-swatch sys-ap-L" /> {t`Low`} {counts.L}
      </p>
      {unverified ? (
        <p className="sys-ap-legend sys-ap-unverified-note" data-testid="ap-unverified-note">
          <span className="sys-ap-swatch sys-ap-unverified">?</span> {t`marks a cell whose value in the AIAG-VDA handbook's FMEA-MSR table could not be verified: check it against the handbook before relying on it.`}
        </p>
      ) : null}
    </section>
  );
}
