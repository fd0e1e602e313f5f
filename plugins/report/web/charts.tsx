import { Trans, useLingui } from '@lingui/react/macro';

/**
 * The report charts as plain SVG (docs/decisions/report-printing.md: no chart library — a few bars and a
 * 10×10 grid print crisply, weigh nothing and stay in the page's text for the PDF).
 */
export type Ap = 'H' | 'M' | 'L';
export const AP_ORDER: readonly Ap[] = ['H', 'M', 'L'];
export const AP_COLOUR: Record<Ap, string> = { H: '#dc2626', M: '#f59e0b', L: '#16a34a' };
const AP_FILL: Record<Ap, string> = { H: '#f4b4b4', M: '#ffe699', L: '#c6efce' };

interface Counts {
  H: number;
  M: number;
  L: number;
  unrated: number;
  chains: number;
}

export function ApLegend() {
  return (
    <div className="rpt-legend">
      {AP_ORDER.map((ap) => (
        <span key={ap}>
          <i style={{ background: AP_COLOUR[ap] }} />
          AP {ap}
        </span>
      ))}
    </div>
  );
}

/** AP counts before and after optimisation as paired horizontal bars. */
export function ApBars({ before, after }: { before: Counts; after: Counts }) {
  const { t } = useLingui();
  const max = Math.max(1, ...AP_ORDER.flatMap((ap) => [before[ap], after[ap]]));
  const width = 360;
  const bar = (value: number) => Math.max(value > 0 ? 2 : 0, (value / max) * (width - 150));
  return (
    <figure className="rpt-chart" data-testid="rpt-ap-bars">
      <figcaption>
        <Trans>AP before and after optimisation</Trans>
      </figcaption>
      <svg width={width} height={AP_ORDER.length * 44 + 4} role="img" aria-label={t`AP before and after optimisation`}>
        {AP_ORDER.map((ap, i) => (
          <g key={ap} transform={`translate(0 ${i * 44})`}>
            <text x={0} y={24} fontWeight={600}>
              AP {ap}
            </text>
            {(
              [
                [t`before`, before[ap], 2, 1],
                [t`after`, after[ap], 22, 0.55],
              ] as const
            ).map(([label, value, y, opacity]) => (
              <g key={label}>
                <text x={40} y={y + 13}>
                  {label}
                </text>
                <rect x={90} y={y} width={bar(value)} height={16} fill={AP_COLOUR[ap]} opacity={opacity} />
                <text x={96 + bar(value)} y={y + 13}>
                  {value}
                </text>
              </g>
            ))}
          </g>
        ))}
      </svg>
    </figure>
  );
}

interface Cell {
  s: number;
  o: number;
  n: number;
  H: number;
  M: number;
  L: number;
}

const cellAp = (c: Cell): Ap | null => (c.H > 0 ? 'H' : c.M > 0 ? 'M' : c.L > 0 ? 'L' : null);

/** The S×O heat map: severity rows 10 → 1, occurrence columns 1 → 10, each cell its number of chains, coloured by its highest AP. */
export function HeatMap({ cells, title, testId }: { cells: readonly Cell[]; title: string; testId: string }) {
  const { t } = useLingui();
  const size = 30;
  const left = 46;
  const top = 6;
  const at = new Map(cells.map((c) => [c.s * 100 + c.o, c]));
  return (
    <figure className="rpt-chart" data-testid={testId}>
      <figcaption>{title}</figcaption>
      <svg width={left + size * 10 + 8} height={top + size * 10 + 36} role="img" aria-label={title}>
        {Array.from({ length: 10 }, (_, r) => {
          const s = 10 - r;
          return (
            <g key={s}>
              <text x={left - 8} y={top + r * size + size / 2 + 4} textAnchor="end">
                {s}
              </text>
              {Array.from({ length: 10 }, (_, col) => {
                const o = col + 1;
                const cell = at.get(s * 100 + o);
                const ap = cell ? cellAp(cell) : null;
                return (
                  <g key={o} data-s={s} data-o={o} data-n={cell?.n ?? 0}>
                    <rect x={left + col * size} y={top + r * size} width={size - 1} height={size - 1} fill={ap ? AP_FILL[ap] : '#f3f4f6'} stroke={ap ? AP_COLOUR[ap] : 'none'} strokeWidth={ap ? 1 : 0} />
                    {cell ? (
                      <text x={left + col * size + size / 2} y={top + r * size + size / 2 + 4} textAnchor="middle" fontWeight={600}>
                        {cell.n}
                      </text>
                    ) : null}
                  </g>
                );
              })}
            </g>
          );
        })}
        {Array.from({ length: 10 }, (_, col) => (
          <text key={col} x={left + col * size + size / 2} y={top + size * 10 + 14} textAnchor="middle">
            {col + 1}
          </text>
        ))}
        <text x={left + size * 5} y={top + size * 10 + 30} textAnchor="middle">
          {t`Occurrence (O)`}
        </text>
        <text x={12} y={top + size * 5} textAnchor="middle" transform={`rotate(-90 12 ${top + size * 5})`}>
          {t`Severity (S)`}
        </text>
      </svg>
    </figure>
  );
}

/** AP distribution over time: one stacked column per baseline (and the working copy), before optimisation. */
export function TrendChart({ points }: { points: readonly { label: string; at: string; before: Counts; after: Counts }[] }) {
  const { t } = useLingui();
  const height = 180;
  const col = 44;
  const max = Math.max(1, ...points.map((p) => p.before.H + p.before.M + p.before.L));
  const y = (v: number) => (v / max) * (height - 30);
  return (
    <figure className="rpt-chart" data-testid="rpt-trend">
      <figcaption>
        <Trans>AP over time (baselines, then the working copy)</Trans>
      </figcaption>
      <svg width={Math.max(200, points.length * col + 20)} height={height + 20} role="img" aria-label={t`AP over time`}>
        {points.map((p, i) => {
          let base = height - 10;
          return (
            <g key={p.label} transform={`translate(${10 + i * col} 0)`}>
              {AP_ORDER.map((ap) => {
                const h = y(p.before[ap]);
                base -= h;
                return <rect key={ap} x={4} y={base} width={col - 12} height={h} fill={AP_COLOUR[ap]} />;
              })}
              <text x={col / 2 - 4} y={base - 4} textAnchor="middle">
                {p.before.H + p.before.M + p.before.L}
              </text>
              <text x={col / 2 - 4} y={height + 6} textAnchor="middle">
                {p.label === 'working' ? t`now` : p.label}
              </text>
            </g>
          );
        })}
      </svg>
      <ApLegend />
    </figure>
  );
}

/** Horizontal bars of labelled counts (projects by type, by status, tasks by status). */
export function CountBars({ title, rows, testId }: { title: string; rows: readonly { label: string; n: number }[]; testId: string }) {
  const max = Math.max(1, ...rows.map((r) => r.n));
  const width = 420;
  return (
    <figure className="rpt-chart" data-testid={testId}>
      <figcaption>{title}</figcaption>
      <svg width={width} height={rows.length * 22 + 4} role="img" aria-label={title}>
        {rows.map((r, i) => (
          <g key={r.label} transform={`translate(0 ${i * 22})`}>
            <text x={150} y={15} textAnchor="end">
              {r.label}
            </text>
            <rect x={158} y={3} width={Math.max(r.n > 0 ? 2 : 0, (r.n / max) * (width - 200))} height={15} fill="#3b82f6" />
            <text x={164 + (r.n / max) * (width - 200)} y={15}>
              {r.n}
            </text>
          </g>
        ))}
      </svg>
    </figure>
  );
}
