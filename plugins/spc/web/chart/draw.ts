import uPlot from 'uplot';
import { decimate } from '@fmea/core/domain';

/**
 * A control chart drawn with uPlot (docs/decisions/spc-charts.md): the series thinned to the plot's pixel
 * columns by min/max (the statistics' `decimate`, which keeps every out-of-control point whatever the
 * thinning), the centre line and control limits (one value, or one per point for p and u charts with
 * varying sample sizes), every violation as a red point, and a dashed line where phase I ends. The figures
 * beside the chart are always the full data's; only the drawing is thinned. Kept free of React so the
 * render bench (bench/spc-render) draws exactly what the page draws.
 */
export interface ChartInput {
  readonly values: readonly (number | null)[];
  readonly center: number | readonly (number | null)[] | null;
  readonly lcl: number | readonly (number | null)[] | null;
  readonly ucl: number | readonly (number | null)[] | null;
  /** Indices of the points a chosen rule flags. */
  readonly violations: ReadonlySet<number>;
  /** How many first points made the frozen limits; null: no phase II. */
  readonly phaseOne: number | null;
  /** The subgroup of each point, for the cursor's legend. */
  readonly subgroups?: readonly string[];
  readonly labels: { readonly value: string; readonly center: string; readonly ucl: string; readonly lcl: string; readonly violation: string };
}

export interface Drawn {
  readonly data: uPlot.AlignedData;
  /** The full series' index of each drawn point. */
  readonly indices: readonly number[];
}

const at = (limit: ChartInput['center'], i: number): number | null => (limit === null ? null : typeof limit === 'number' ? limit : (limit[i] ?? null));

/** The drawn series for a plot `width` pixels wide. */
export function drawnData(input: ChartInput, width: number): Drawn {
  const n = input.values.length;
  const xs = new Float64Array(n);
  const ys = new Float64Array(n);
  for (let i = 0; i < n; i += 1) {
    xs[i] = i + 1;
    ys[i] = input.values[i] ?? Number.NaN;
  }
  const { indices } = decimate(xs, ys, Math.max(50, Math.floor(width)), input.violations as Set<number>);
  const pick = (f: (i: number) => number | null) => indices.map(f);
  return {
    indices,
    data: [
      indices.map((i) => i + 1),
      pick((i) => input.values[i] ?? null),
      pick((i) => at(input.center, i)),
      pick((i) => at(input.ucl, i)),
      pick((i) => at(input.lcl, i)),
      pick((i) => (input.violations.has(i) ? (input.values[i] ?? null) : null)),
    ] as uPlot.AlignedData,
  };
}

/** The uPlot options of a control chart: value line, limits, violation points, the phase-I boundary. */
export function chartOptions(input: ChartInput, width: number, height: number, drawn: Drawn): uPlot.Options {
  const phaseLine = (u: uPlot) => {
    if (input.phaseOne === null || input.phaseOne <= 0 || input.phaseOne >= input.values.length) return;
    const x = Math.round(u.valToPos(input.phaseOne + 0.5, 'x', true));
    const { ctx } = u;
    ctx.save();
    ctx.strokeStyle = '#888';
    ctx.setLineDash([4, 4]);
    ctx.beginPath();
    ctx.moveTo(x, u.bbox.top);
    ctx.lineTo(x, u.bbox.top + u.bbox.height);
    ctx.stroke();
    ctx.restore();
  };
  const few = input.values.length <= 200;
  return {
    width,
    height,
    legend: { show: false },
    cursor: { drag: { x: true, y: false } },
    scales: { x: { time: false } },
    axes: [{ stroke: '#555' }, { stroke: '#555', size: 56 }],
    hooks: { draw: [phaseLine] },
    series: [
      { label: '#', value: (_u, v) => (v === null ? '' : (input.subgroups?.[v - 1] ?? String(v))) },
      { label: input.labels.value, stroke: '#1f6feb', width: 1, points: { show: few, size: 4 } },
      { label: input.labels.center, stroke: '#2e7d32', width: 1, points: { show: false } },
      { label: input.labels.ucl, stroke: '#c62828', width: 1, dash: [6, 3], points: { show: false } },
      { label: input.labels.lcl, stroke: '#c62828', width: 1, dash: [6, 3], points: { show: false } },
      { label: input.labels.violation, stroke: '#c62828', width: 0, paths: () => null, points: { show: true, size: 7, fill: '#c62828', stroke: '#c62828' } },
    ],
    // the drawn points are the decimated ones; the count is kept for the page and the bench
    plugins: [{ hooks: { ready: (u: uPlot) => u.root.setAttribute('data-drawn', String(drawn.indices.length)) } }],
  };
}

/** Draws the chart into `target` (replacing what it held); answers the plot to resize or destroy. */
export function drawChart(target: HTMLElement, input: ChartInput, width: number, height: number): uPlot {
  const drawn = drawnData(input, width);
  return new uPlot(chartOptions(input, width, height, drawn), drawn.data, target);
}
