import { useId } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ApLevel, ApLookup } from '@fmea/core/domain';

const RATINGS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] as const;

/** One 10×10 S×O grid for the chosen D, coloured by action priority. */
export function ApMatrix({ lookup, d, onD }: { lookup: ApLookup; d: number; onD: (d: number) => void }) {
  const { t } = useLingui();
  const sliderId = useId();
  const counts: Record<ApLevel, number> = { H: 0, M: 0, L: 0 };
  for (const s of RATINGS) for (const o of RATINGS) counts[lookup(s, o, d)]++;
  const levelName = (level: ApLevel) => (level === 'H' ? t`High` : level === 'M' ? t`Medium` : t`Low`);

  return (
    <section className="sys-ap-matrix" aria-label={t`AP matrix`} data-testid="ap-matrix">
      <div className="sys-ap-slider">
        <label htmlFor={sliderId}>
          <Trans>Detection D = {d}</Trans>
        </label>
        <input id={sliderId} type="range" min={1} max={10} step={1} value={d} onChange={(e) => onD(Number(e.target.value))} />
      </div>
      <table className="sys-ap-grid" aria-label={t`Action priority for D = ${d}`}>
        <thead>
          <tr>
            <th scope="col" className="sys-ap-corner">
              S \ O
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
                return (
                  <td key={o} className={`sys-ap-cell sys-ap-${level}`} title={t`S ${s} × O ${o} × D ${d}: ${levelName(level)}`} data-cell={`${s}-${o}`}>
                    {level}
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
    </section>
  );
}
