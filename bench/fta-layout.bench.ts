/**
 * `npm run bench:fta-layout`: the fault-tree editor's layout (plugins/fta/web/editor/layout.ts) of random
 * trees of 100, 1,000 and 5,000 basic events (AND, OR and 2-of-n gates, about one event in ten shared, so
 * drawn twice), then of the 1,000-event tree with its first gates collapsed, as the editor recomputes it
 * on every edit. Target (issue 23): the editor stays fluid with 1,000 events, layout under 500 ms. The
 * floor is a structured clone of the same document in the same run (the least any pass over it costs).
 * Seven runs after three to warm up; the median is the figure. Exits 1 when the target is missed.
 *
 * With `-- --browser`, the editor in Chromium as well (bench/fta-editor-browser.ts: the 1,000-event tree
 * stored and opened in the tree page; time to draw, frames while panning, one edit → redrawn).
 */
import { performance } from 'node:perf_hooks';
import { layoutTree } from '../plugins/fta/web/editor/layout.ts';
import { randomTree } from '../plugins/fta/web/editor/sample-trees.ts';
import { fmt, median, printTargets, times, VSYNC_MS, type Target } from './dfmea/report.ts';
import { describeEditor, editorInBrowser } from './fta-editor-browser.ts';

const RUNS = 7;
const TARGET_MS = 500;

function measure(fn: () => unknown): number {
  for (let w = 0; w < 3; w++) fn();
  const runs: number[] = [];
  for (let r = 0; r < RUNS; r++) {
    const start = performance.now();
    fn();
    runs.push(performance.now() - start);
  }
  return median(runs);
}

const targets: Target[] = [];
for (const events of [100, 1_000, 5_000]) {
  const doc = randomTree(events);
  const layout = layoutTree(doc);
  const ms = measure(() => layoutTree(doc));
  const floor = measure(() => structuredClone(doc));
  console.log(`${fmt(events)} events, ${fmt(doc.gates.length)} gates: ${fmt(layout.nodes.length)} nodes drawn, ${fmt(Math.round(layout.width))} × ${fmt(Math.round(layout.height))} px; layout ${ms.toFixed(2)} ms, clone ${floor.toFixed(2)} ms`);
  targets.push({
    name: `layout of ${fmt(events)} events (median)`,
    measured: `${ms.toFixed(1)} ms`,
    floor: `clone ${floor.toFixed(2)} ms (${times(ms, floor)})`,
    target: events === 1_000 ? `< ${TARGET_MS} ms` : '–',
    met: events === 1_000 ? ms < TARGET_MS : true,
  });
}
const doc = randomTree(1_000);
const collapsed = new Set(doc.gates.filter((_, i) => i % 16 === 0).slice(0, 20).map((g) => g.name));
const ms = measure(() => layoutTree(doc, { collapsed }));
targets.push({ name: 'layout of 1,000 events, 20 gates collapsed', measured: `${ms.toFixed(1)} ms`, target: `< ${TARGET_MS} ms`, met: ms < TARGET_MS });
if (process.argv.includes('--browser')) {
  const figures = await editorInBrowser(doc);
  console.log(describeEditor(figures));
  targets.push(
    { name: 'editor: one edit of 1,000 events → redrawn', measured: `${figures.editMs} ms`, target: `< ${TARGET_MS} ms`, met: figures.editMs < TARGET_MS },
    // informative: headless Chromium without a GPU, on a shared machine
    { name: 'editor: pan frames (median, p95)', measured: `${figures.pan.median.toFixed(1)} / ${figures.pan.p95.toFixed(1)} ms`, floor: `idle ${figures.idle.median.toFixed(1)} / ${figures.idle.p95.toFixed(1)} ms`, target: '≤ 2 frames (p95)', met: figures.pan.p95 <= 2 * VSYNC_MS + 1, informative: true },
  );
}
printTargets(targets);
process.exit(targets.every((t) => t.met || t.informative) ? 0 : 1);
