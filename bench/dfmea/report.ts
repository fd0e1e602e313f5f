/** Printing helpers of `npm run bench:dfmea`: timed steps, frame statistics, the target table (figure, floor, target). */
import { performance } from 'node:perf_hooks';

export const fmt = (n: number) => n.toLocaleString('en-US');
export const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
export const ms = (value: number) => `${value.toFixed(0)} ms`;

export function line(label: string, millis: number | string, detail = ''): void {
  const value = typeof millis === 'number' ? millis.toFixed(0) : millis;
  console.log(`  ${label.padEnd(44)} ${value.padStart(7)} ms  ${detail}`);
}

/** Runs `fn`, prints its wall time and returns both. */
export async function timed<T>(label: string, fn: () => Promise<T>, describe: (result: T) => string = () => ''): Promise<{ result: T; ms: number }> {
  const start = performance.now();
  const result = await fn();
  const elapsed = performance.now() - start;
  line(label, elapsed, describe(result));
  return { result, ms: elapsed };
}

export function median(values: number[]): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** One frame at 60 Hz. Chromium's rAF timestamps follow the vsync, so frame-to-frame times are multiples of it. */
export const VSYNC_MS = 1000 / 60;
/** Slack for timestamp jitter (16.6 / 16.8 ms are both one frame). */
const JITTER_MS = 1;

export interface FrameStats {
  frames: number;
  median: number;
  p95: number;
  max: number;
  /** Frames that took longer than one vsync: at least one frame dropped before them. */
  over16: number;
  /** Frames that took longer than two vsyncs. */
  over33: number;
  /** Frames not produced: the vsyncs missed, summed over all frames. */
  dropped: number;
}

export function frameStats(deltas: number[]): FrameStats {
  return {
    frames: deltas.length,
    median: median(deltas),
    p95: percentile(deltas, 95),
    max: deltas.length ? Math.max(...deltas) : NaN,
    over16: deltas.filter((d) => d > VSYNC_MS + JITTER_MS).length,
    over33: deltas.filter((d) => d > 2 * VSYNC_MS + JITTER_MS).length,
    dropped: deltas.reduce((sum, d) => sum + Math.max(0, Math.round(d / VSYNC_MS) - 1), 0),
  };
}

export const describeFrames = (s: FrameStats) =>
  `${fmt(s.frames)} frames, median ${s.median.toFixed(1)} / p95 ${s.p95.toFixed(1)} / max ${s.max.toFixed(1)} ms; ` +
  `${s.over16} over 16.7 ms, ${s.over33} over 33.3 ms; ${s.dropped} frames dropped (vsyncs missed)`;

export interface Target {
  name: string;
  measured: string;
  /** What the figure is held against, measured in the same run (a library floor, the in-process read). */
  floor?: string;
  target: string;
  /** undefined: not measured (e.g. browser half skipped or failed). */
  met: boolean | undefined;
  /** Shown, but not part of the exit code. */
  informative?: boolean;
}

export function printTargets(targets: Target[]): void {
  console.log('\nTargets (floors measured in this run)');
  console.log(`  ${'what'.padEnd(48)} ${'measured'.padStart(26)}   ${'floor'.padEnd(40)} ${'target'.padEnd(20)} result`);
  for (const t of targets) {
    const result = t.target === '–' && t.met !== undefined ? 'figure only' : (t.met === undefined ? 'not measured' : t.met ? 'met' : 'MISSED') + (t.informative && t.met === false ? ' (not in the exit code)' : '');
    console.log(`  ${t.name.padEnd(48)} ${t.measured.padStart(26)}   ${(t.floor ?? '–').padEnd(40)} ${t.target.padEnd(20)} ${result}`);
  }
}

/** `a` as a multiple of `b`, two decimals: "1.34×". */
export const times = (a: number, b: number) => `${(a / b).toFixed(2)}×`;
