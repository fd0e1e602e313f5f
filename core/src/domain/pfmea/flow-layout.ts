import { stepTitle, type FlowCharacteristic, type ProcessFlow } from './flow.ts';
import { textWidth, truncateText, wrapText } from './flow-text.ts';
import { FLOW_SYMBOLS, type FlowBranchKind, type FlowSymbol } from './vocabulary.ts';

/**
 * Where everything of the flow chart goes, as plain numbers: the main flow
 * runs down one column of ASME symbols, each step's number, name, inputs and
 * outputs beside its symbol, its product and process characteristics in two
 * columns further right. Rework arrows leave a symbol to the right, run up
 * (or down) a lane of their own between the symbols and the texts and come
 * back into their target; scrap leaves to the left into an end marker. The
 * SVG renderer (flow-svg.ts) only draws what this returns, so any other
 * drawing (a canvas, an interactive view) can use the same geometry.
 */

/** The words of the chart in the reader's language (the caller translates: core's catalogs on the server, lingui in the browser). */
export interface FlowChartLabels {
  readonly symbols: Readonly<Record<FlowSymbol, string>>;
  readonly branchKinds: Readonly<Record<FlowBranchKind, string>>;
  readonly flowColumn: string;
  readonly operation: string;
  readonly productCharacteristics: string;
  readonly processCharacteristics: string;
  /** Prefixes of the input and output lines ("In", "Out"). */
  readonly inputs: string;
  readonly outputs: string;
  readonly legend: string;
  /** Heads the branch texts the chart had to shorten, written out in full under it. */
  readonly notes: string;
  /** Shown instead of the flow while the PFMEA has no step. */
  readonly empty: string;
}

/** The title block: the chart's name and number, then a line about its PFMEA. */
export interface FlowChartHeader {
  readonly title: string;
  readonly subtitle?: string;
}

export interface ChartText {
  readonly x: number;
  readonly y: number;
  readonly text: string;
  readonly size: number;
  readonly bold?: boolean;
  readonly anchor?: 'start' | 'middle' | 'end';
  /** Turned a quarter left (read bottom to top), about (x, y). */
  readonly vertical?: boolean;
  readonly tone?: 'normal' | 'muted' | 'special' | 'rework' | 'scrap';
  /** The whole text when `text` had to be cut. */
  readonly full?: string;
}

export interface ChartSymbol {
  readonly symbol: FlowSymbol;
  readonly cx: number;
  readonly cy: number;
  readonly r: number;
}

export type Point = readonly [number, number];

export interface ChartPath {
  readonly points: readonly Point[];
  readonly kind: 'flow' | FlowBranchKind;
  readonly arrow: boolean;
}

export interface ChartBox {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

export interface StepLayout {
  readonly stepId: string;
  readonly top: number;
  readonly bottom: number;
  readonly symbol: ChartSymbol;
  readonly texts: readonly ChartText[];
}

export interface BranchLayout {
  readonly branchId: string;
  readonly kind: FlowBranchKind;
  readonly path: ChartPath;
  readonly label?: ChartText;
  /** Scrap: the end marker the branch runs into. */
  readonly end?: { readonly box: ChartBox; readonly text: ChartText };
}

export interface LegendLayout {
  readonly texts: readonly ChartText[];
  readonly symbols: readonly ChartSymbol[];
  readonly paths: readonly ChartPath[];
  readonly ends: readonly ChartBox[];
}

export interface FlowLayout {
  readonly width: number;
  readonly height: number;
  readonly header: readonly ChartText[];
  readonly headings: readonly ChartText[];
  /** Thin lines: under the headings and between the rows' texts. */
  readonly rules: readonly (readonly [Point, Point])[];
  readonly steps: readonly StepLayout[];
  readonly connectors: readonly ChartPath[];
  readonly branches: readonly BranchLayout[];
  readonly legend: LegendLayout;
  /** The branch texts shortened beside their arrows, in full (a printed chart has no tooltips). */
  readonly notes: readonly ChartText[];
  readonly empty?: ChartText;
}

const MARGIN = 20;
const R = 14;
const FONT = 12;
const SMALL = 11;
const LINE = 16;
const SMALL_LINE = 14;
const LANE_GAP = 14;
const TEXT_W = 250;
const CHAR_W = 230;
/** The mark column is as wide as the widest mark (a customer's class such as 安全特性（S）), between these. */
const MARK_W = 30;
const MARK_W_MAX = 96;
const GAP = 20;
const ROW_GAP = 26;
const END_W = 88;
const END_H = 22;
const END_STEP = 30;
/** Rework arrows leave a symbol a little below its middle and come back a little above it, so a loop never meets itself. */
const EXIT_DY = 5;

// ---------------------------------------------------------------------------
// The symbols' outlines, for where lines meet them

/** How far above and below its centre a symbol reaches on its vertical axis. */
export function symbolExtent(symbol: FlowSymbol, r: number): { top: number; bottom: number } {
  switch (symbol) {
    case 'inspection':
      return { top: 0.88 * r, bottom: 0.88 * r };
    case 'combined':
      return { top: 0.95 * r, bottom: 0.95 * r };
    case 'storage':
      return { top: 0.8 * r, bottom: 0.95 * r };
    case 'delay':
      return { top: 0.85 * r, bottom: 0.85 * r };
    case 'transport':
      return { top: 0.38 * r, bottom: 0.38 * r };
    default:
      return { top: r, bottom: r };
  }
}

/** How far right (side 1) or left (side -1) of its centre a symbol's outline is at `dy` below the centre. */
export function symbolEdge(symbol: FlowSymbol, r: number, dy: number, side: 1 | -1): number {
  const round = (radius: number) => Math.sqrt(Math.max(radius * radius - dy * dy, 0));
  switch (symbol) {
    case 'inspection':
      return 0.88 * r;
    case 'combined':
      return 0.95 * r;
    case 'storage':
      // the point is at the bottom: the outline narrows from the top edge (-0.8r) to the point (0.95r)
      return (r * (0.95 * r - dy)) / (1.75 * r);
    case 'delay':
      return side === 1 ? round(0.85 * r) : 0.8 * r;
    case 'transport':
      if (side === -1) return r;
      return 0.15 * r + 0.85 * r * Math.max(1 - Math.abs(dy) / (0.8 * r), 0);
    default:
      return round(r);
  }
}

// ---------------------------------------------------------------------------

/** Lanes for the rework arrows: short loops nearest the symbols; two loops share a lane only when their spans do not touch. */
export function assignLanes(spans: readonly { readonly id: string; readonly from: number; readonly to: number }[]): Map<string, number> {
  const lanes: [number, number][][] = [];
  const out = new Map<string, number>();
  const ordered = [...spans].sort((a, b) => Math.abs(a.to - a.from) - Math.abs(b.to - b.from) || Math.min(a.from, a.to) - Math.min(b.from, b.to));
  for (const span of ordered) {
    const lo = Math.min(span.from, span.to);
    const hi = Math.max(span.from, span.to);
    let lane = lanes.findIndex((taken) => taken.every(([a, b]) => hi < a || lo > b));
    if (lane < 0) lane = lanes.push([]) - 1;
    lanes[lane]!.push([lo, hi]);
    out.set(span.id, lane);
  }
  return out;
}

function characteristicLines(list: readonly FlowCharacteristic[], x: number, firstBaseline: number, markW: number): { texts: ChartText[]; bottom: number } {
  const texts: ChartText[] = [];
  let y = firstBaseline;
  for (const c of list) {
    if (c.mark && textWidth(c.mark, SMALL) + 8 > markW) {
      // a class name wider than the mark column (an English one) gets a line of its own, whole, above the name
      for (const line of wrapText(c.mark, CHAR_W + markW - MARK_W, SMALL, 2)) {
        texts.push({ x, y, text: line, size: SMALL, bold: true, tone: 'special', full: c.mark });
        y += SMALL_LINE;
      }
    } else {
      texts.push(c.mark ? { x, y, text: c.mark, size: SMALL, bold: true, tone: 'special' } : { x, y, text: '•', size: SMALL, tone: 'muted' });
    }
    for (const line of wrapText(c.name, CHAR_W - MARK_W, SMALL, 4)) {
      texts.push({ x: x + markW, y, text: line, size: SMALL });
      y += SMALL_LINE;
    }
  }
  return { texts, bottom: list.length ? y - SMALL_LINE + 4 : firstBaseline };
}

/** The whole chart's geometry for a flow, its labels and its title block. */
export function layoutProcessFlow(flow: ProcessFlow, labels: FlowChartLabels, header: FlowChartHeader): FlowLayout {
  const rowOf = new Map(flow.steps.map((s, i) => [s.id, i]));
  const reworks = flow.branches.filter((b) => b.kind === 'rework' && b.toStepId !== null);
  const scraps = flow.branches.filter((b) => b.kind === 'scrap');
  const lanes = assignLanes(reworks.map((b) => ({ id: b.id, from: rowOf.get(b.fromStepId)!, to: rowOf.get(b.toStepId!)! })));
  const laneCount = lanes.size ? Math.max(...lanes.values()) + 1 : 0;

  const scrapColumn = scraps.length ? END_W + 26 : 0;
  const cx = MARGIN + scrapColumn + 24 + R;
  const laneX = (lane: number) => cx + R + 14 + lane * LANE_GAP;
  const textX = cx + R + 20 + (laneCount ? laneCount * LANE_GAP + 6 : 0);
  const marks = flow.steps.flatMap((s) => [...s.productCharacteristics, ...s.processCharacteristics]).map((c) => c.mark ?? '');
  const markW = Math.min(MARK_W_MAX, Math.max(MARK_W, ...marks.map((m) => textWidth(m, SMALL) + 8)));
  const charW = CHAR_W + markW - MARK_W;
  const productX = textX + TEXT_W + GAP;
  const processX = productX + charW + GAP;
  const width = processX + charW + MARGIN;

  const headerTexts: ChartText[] = [{ x: MARGIN, y: MARGIN + 18, text: truncateText(header.title, width - 2 * MARGIN, 18), size: 18, bold: true, full: header.title }];
  if (header.subtitle) headerTexts.push({ x: MARGIN, y: MARGIN + 40, text: truncateText(header.subtitle, width - 2 * MARGIN, FONT), size: FONT, tone: 'muted', full: header.subtitle });
  const headingTop = MARGIN + (header.subtitle ? 58 : 36);
  const headingY = headingTop + 16;
  const headings: ChartText[] = [
    { x: cx, y: headingY, text: labels.flowColumn, size: FONT, bold: true, anchor: 'middle' },
    { x: textX, y: headingY, text: truncateText(labels.operation, TEXT_W, FONT), size: FONT, bold: true },
    { x: productX, y: headingY, text: truncateText(labels.productCharacteristics, charW, FONT), size: FONT, bold: true },
    { x: processX, y: headingY, text: truncateText(labels.processCharacteristics, charW, FONT), size: FONT, bold: true },
  ];
  const rules: (readonly [Point, Point])[] = [[[MARGIN, headingTop + 24], [width - MARGIN, headingTop + 24]]];

  // rows, top to bottom
  const scrapsOf = new Map<string, number>();
  const steps: StepLayout[] = [];
  let top = headingTop + 38;
  for (const step of flow.steps) {
    const cy = top + R;
    const baseline = cy + 4;
    const texts: ChartText[] = [];
    let y = baseline;
    for (const line of wrapText(stepTitle(step), TEXT_W, FONT, 3)) {
      texts.push({ x: textX, y, text: line, size: FONT, bold: true });
      y += LINE;
    }
    for (const [prefix, value] of [
      [labels.inputs, step.inputs],
      [labels.outputs, step.outputs],
    ] as const) {
      if (!value) continue;
      for (const line of wrapText(`${prefix}: ${value}`, TEXT_W, SMALL, 4)) {
        texts.push({ x: textX, y: y - 2, text: line, size: SMALL, tone: 'muted' });
        y += SMALL_LINE;
      }
    }
    const textBottom = y - LINE + 4;
    const productLines = characteristicLines(step.productCharacteristics, productX, baseline, markW);
    const processLines = characteristicLines(step.processCharacteristics, processX, baseline, markW);
    texts.push(...productLines.texts, ...processLines.texts);
    const ownScraps = scraps.filter((b) => b.fromStepId === step.id).length;
    scrapsOf.set(step.id, 0);
    const bottom = Math.max(cy + R, textBottom, productLines.bottom, processLines.bottom, ownScraps ? cy + (ownScraps - 1) * END_STEP + END_H / 2 : 0) + ROW_GAP;
    steps.push({ stepId: step.id, top, bottom, symbol: { symbol: step.symbol, cx, cy, r: R }, texts });
    top = bottom;
  }
  for (const row of steps.slice(0, -1)) rules.push([[textX - 8, row.bottom - ROW_GAP / 2], [width - MARGIN, row.bottom - ROW_GAP / 2]]);

  const connectors: ChartPath[] = steps.slice(1).map((row, i) => {
    const above = steps[i]!.symbol;
    return {
      kind: 'flow',
      arrow: true,
      points: [
        [cx, above.cy + symbolExtent(above.symbol, R).bottom],
        [cx, row.symbol.cy - symbolExtent(row.symbol.symbol, R).top],
      ],
    };
  });

  const rowById = new Map(steps.map((s) => [s.stepId, s]));
  const stepById = new Map(flow.steps.map((s) => [s.id, s]));
  const numberOf = (stepId: string | null) => {
    const step = stepId ? stepById.get(stepId) : undefined;
    return step ? (step.processNo ?? String(step.position)) : '';
  };
  /** Branch texts the chart shortened: written out under it. */
  const cut: string[] = [];
  const branches: BranchLayout[] = [];
  for (const b of flow.branches) {
    const from = rowById.get(b.fromStepId)!.symbol;
    if (b.kind === 'rework') {
      const to = rowById.get(b.toStepId!)!.symbol;
      const x = laneX(lanes.get(b.id)!);
      const y1 = from.cy + EXIT_DY;
      const y2 = to.cy - EXIT_DY;
      const path: ChartPath = {
        kind: 'rework',
        arrow: true,
        points: [
          [from.cx + symbolEdge(from.symbol, R, EXIT_DY, 1), y1],
          [x, y1],
          [x, y2],
          [to.cx + symbolEdge(to.symbol, R, -EXIT_DY, 1), y2],
        ],
      };
      const span = Math.abs(y1 - y2) - 8;
      const text = b.label ? truncateText(b.label, span, 10) : '';
      const label: ChartText | undefined =
        text && text !== '…' ? { x: x - 3, y: (y1 + y2) / 2, text, size: 10, anchor: 'middle', vertical: true, tone: 'rework', full: b.label! } : undefined;
      if (b.label && text !== b.label) cut.push(`${labels.branchKinds.rework} ${numberOf(b.fromStepId)} → ${numberOf(b.toStepId)}: ${b.label}`);
      branches.push({ branchId: b.id, kind: 'rework', path, ...(label && { label }) });
    } else {
      const k = scrapsOf.get(b.fromStepId)!;
      scrapsOf.set(b.fromStepId, k + 1);
      const my = from.cy + k * END_STEP;
      const box: ChartBox = { x: MARGIN, y: my - END_H / 2, width: END_W, height: END_H };
      const start: Point = [from.cx - symbolEdge(from.symbol, R, 0, -1), from.cy];
      const bend = MARGIN + END_W + 12;
      const points: Point[] = k === 0 ? [start, [MARGIN + END_W, my]] : [start, [bend, from.cy], [bend, my], [MARGIN + END_W, my]];
      const name = b.label || labels.branchKinds.scrap;
      const text: ChartText = { x: MARGIN + END_W / 2, y: my + 4, text: truncateText(name, END_W - 10, SMALL), size: SMALL, anchor: 'middle', tone: 'scrap', full: name };
      if (text.text !== name) cut.push(`${labels.branchKinds.scrap} ${numberOf(b.fromStepId)}: ${name}`);
      branches.push({ branchId: b.id, kind: 'scrap', path: { kind: 'scrap', arrow: true, points }, end: { box, text } });
    }
  }

  let y = top + (steps.length ? 0 : 10);
  const empty: ChartText | undefined = steps.length ? undefined : { x: MARGIN, y: y + 4, text: labels.empty, size: FONT, tone: 'muted' };
  if (empty) y += 30;

  // the shortened branch texts in full, under the flow
  const notes: ChartText[] = [];
  if (cut.length) {
    notes.push({ x: MARGIN, y: y + 4, text: `${labels.notes}:`, size: SMALL, bold: true });
    y += SMALL_LINE + 2;
    for (const note of cut) {
      for (const line of wrapText(note, width - 2 * MARGIN, SMALL)) {
        notes.push({ x: MARGIN, y: y + 4, text: line, size: SMALL });
        y += SMALL_LINE;
      }
    }
    y += 8;
  }

  // the legend: every symbol with its name, then the two kinds of branch
  const legend = { texts: [] as ChartText[], symbols: [] as ChartSymbol[], paths: [] as ChartPath[], ends: [] as ChartBox[] };
  const LR = 8;
  let lx = MARGIN;
  let ly = y + 12;
  legend.texts.push({ x: lx, y: ly + 4, text: `${labels.legend}:`, size: SMALL, bold: true });
  lx += textWidth(`${labels.legend}:`, SMALL) + 14;
  const place = (itemWidth: number) => {
    if (lx + itemWidth > width - MARGIN && lx > MARGIN + 60) {
      lx = MARGIN + 60;
      ly += 24;
    }
    const at = lx;
    lx += itemWidth + 18;
    return at;
  };
  for (const symbol of FLOW_SYMBOLS) {
    const name = labels.symbols[symbol];
    const at = place(2 * LR + 6 + textWidth(name, SMALL));
    legend.symbols.push({ symbol, cx: at + LR, cy: ly, r: LR });
    legend.texts.push({ x: at + 2 * LR + 6, y: ly + 4, text: name, size: SMALL });
  }
  {
    const name = labels.branchKinds.rework;
    const at = place(28 + textWidth(name, SMALL));
    legend.paths.push({ kind: 'rework', arrow: true, points: [[at + 22, ly + 4], [at + 22, ly - 4], [at, ly - 4]] });
    legend.texts.push({ x: at + 28, y: ly + 4, text: name, size: SMALL, tone: 'rework' });
  }
  {
    const name = labels.branchKinds.scrap;
    const at = place(40 + textWidth(name, SMALL));
    legend.paths.push({ kind: 'scrap', arrow: true, points: [[at, ly], [at + 14, ly]] });
    legend.ends.push({ x: at + 14, y: ly - 7, width: 20, height: 14 });
    legend.texts.push({ x: at + 40, y: ly + 4, text: name, size: SMALL, tone: 'scrap' });
  }
  const height = Math.ceil(ly + 12 + MARGIN);

  return { width: Math.ceil(width), height, header: headerTexts, headings, rules, steps, connectors, branches, legend, notes, ...(empty && { empty }) };
}
