import { useLingui } from '@lingui/react/macro';

/** The histogram of the measurements with the specification limits and target marked (SVG: a few dozen bars). */
export function Histogram({ edges, counts, lsl, usl, target }: { edges: readonly number[]; counts: readonly number[]; lsl: number | null; usl: number | null; target: number | null }) {
  const { t } = useLingui();
  const width = 280;
  const height = 150;
  const pad = 18;
  const marks = [lsl, usl, target].filter((v): v is number => v !== null);
  const lo = Math.min(edges[0] ?? 0, ...marks);
  const hi = Math.max(edges.at(-1) ?? 1, ...marks);
  const span = hi - lo || 1;
  const x = (v: number) => pad + ((v - lo) / span) * (width - 2 * pad);
  const top = Math.max(1, ...counts);
  const y = (c: number) => height - pad - (c / top) * (height - 2 * pad);
  const mark = (v: number | null, label: string, color: string) =>
    v === null ? null : (
      <g key={label}>
        <line x1={x(v)} x2={x(v)} y1={pad - 6} y2={height - pad} stroke={color} strokeDasharray="4 2" />
        <text x={x(v)} y={pad - 8} textAnchor="middle">
          {label}
        </text>
      </g>
    );
  return (
    <svg className="spc-histogram" data-testid="spc-histogram" width={width} height={height} role="img" aria-label={t`Histogram of the measurements`}>
      {counts.map((c, i) => (
        <rect key={i} x={x(edges[i]!)} y={y(c)} width={Math.max(1, x(edges[i + 1]!) - x(edges[i]!) - 1)} height={height - pad - y(c)} fill="#90caf9" />
      ))}
      <line x1={pad} x2={width - pad} y1={height - pad} y2={height - pad} stroke="#999" />
      <text x={pad} y={height - 4}>
        {lo.toPrecision(4)}
      </text>
      <text x={width - pad} y={height - 4} textAnchor="end">
        {hi.toPrecision(4)}
      </text>
      {mark(lsl, 'LSL', '#c62828')}
      {mark(usl, 'USL', '#c62828')}
      {mark(target, 'T', '#2e7d32')}
    </svg>
  );
}
