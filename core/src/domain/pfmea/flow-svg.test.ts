import { describe, expect, it } from 'vitest';
import { translate } from '../../i18n/index.ts';
import type { FlowBranch, FlowCharacteristic, FlowStep, ProcessFlow } from './flow.ts';
import { assignLanes, layoutProcessFlow, symbolEdge, symbolExtent } from './flow-layout.ts';
import { flowChartHeaderFrom, flowChartLabelsFrom } from './flow-messages.ts';
import { escapeXml, renderProcessFlowSvg } from './flow-svg.ts';
import { textWidth, truncateText, wrapText } from './flow-text.ts';
import { FLOW_SYMBOLS, type FlowSymbol } from './vocabulary.ts';

const labels = flowChartLabelsFrom((key, params) => translate('en-US', key, params));
const header = flowChartHeaderFrom((key, params) => translate('en-US', key, params), { pfdNumber: 'PFD1', pfmeaNumber: 'PF1', name: 'Housing', date: '2026-11-26' });

const char = (name: string, mark: string | null = null): FlowCharacteristic => ({ id: name, name, kind: 'product', characteristicClass: 'general', special: mark !== null, customerClass: null, mark });
const step = (id: string, position: number, symbol: FlowSymbol = 'operation', extra: Partial<FlowStep> = {}): FlowStep => ({
  id,
  version: 1,
  position,
  processNo: String(position * 10),
  name: `Step ${id}`,
  symbol,
  symbolChosen: true,
  inputs: null,
  outputs: null,
  productCharacteristics: [],
  processCharacteristics: [],
  specialMarks: [],
  ...extra,
});
const rework = (id: string, from: string, to: string, label: string | null = null): FlowBranch => ({ id, version: 1, kind: 'rework', fromStepId: from, toStepId: to, label, sort: 1 });
const scrap = (id: string, from: string, label: string | null = null): FlowBranch => ({ id, version: 1, kind: 'scrap', fromStepId: from, toStepId: null, label, sort: 1 });

const flow: ProcessFlow = {
  steps: FLOW_SYMBOLS.map((symbol, i) => step(`s${i + 1}`, i + 1, symbol, i === 0 ? { productCharacteristics: [char('Bore Ø12 H7', 'CC'), char('Length')], inputs: 'Blank', outputs: 'Turned part' } : {})),
  branches: [rework('r1', 's3', 's1', 'Burr found'), rework('r2', 's5', 's4'), scrap('x1', 's3', 'Cracked'), scrap('x2', 's3')],
};

describe('text on the chart', () => {
  it('counts Chinese as one em and Latin as a little over half', () => {
    expect(textWidth('过程', 10)).toBe(20);
    expect(textWidth('ab', 10)).toBeCloseTo(11.2);
  });

  it('wraps Latin at spaces, Chinese anywhere, keeps line breaks and cuts with an ellipsis', () => {
    expect(wrapText('Turn the housing bore', 60, 10)).toEqual(['Turn the', 'housing', 'bore']);
    expect(wrapText('车削壳体内孔并去毛刺', 50, 10)).toEqual(['车削壳体内', '孔并去毛刺']);
    expect(wrapText('a\nb', 100, 10)).toEqual(['a', 'b']);
    expect(wrapText('Supercalifragilistic', 40, 10).every((line) => textWidth(line, 10) <= 40)).toBe(true);
    const cut = wrapText('one two three four five six', 40, 10, 2);
    expect(cut).toHaveLength(2);
    expect(cut[1]!.endsWith('…')).toBe(true);
    expect(truncateText('Cracked casting', 40, 10).endsWith('…')).toBe(true);
    expect(truncateText('Ok', 40, 10)).toBe('Ok');
  });
});

describe('the layout', () => {
  it('writes out in full, under the flow, every branch text it had to shorten beside its arrow (a print has no tooltips)', () => {
    const long = '孔径或中心距超差件不可返修，放入红箱报废';
    const withLong: ProcessFlow = { ...flow, branches: [...flow.branches, scrap('x3', 's2', long), rework('r3', 's2', 's1', 'Re-deburr the bore edge after the leak test fails twice')] };
    const layout = layoutProcessFlow(withLong, labels, header);
    const notes = layout.notes.map((n) => n.text);
    expect(notes[0]).toBe('Branches in full:');
    expect(notes.join(' ')).toContain(`Scrap 20: ${long}`);
    expect(notes.join(' ')).toContain('Rework 20 → 10: Re-deburr the bore edge after the leak test fails twice');
    // the short ones fit beside their arrows: not repeated
    expect(notes.join(' ')).not.toContain('Cracked');
    expect(layout.notes.every((n) => textWidth(n.text, n.size) <= layout.width - 40)).toBe(true);
    // under the last step, above the legend, inside the picture
    const lastStep = Math.max(...layout.steps.map((s) => s.bottom));
    expect(Math.min(...layout.notes.map((n) => n.y))).toBeGreaterThan(lastStep);
    expect(Math.max(...layout.notes.map((n) => n.y))).toBeLessThan(Math.min(...layout.legend.texts.map((t) => t.y)));
    expect(renderProcessFlowSvg(withLong, labels, header)).toContain(escapeXml(long));
    expect(layoutProcessFlow(flow, labels, header).notes).toEqual([]);
  });

  it('runs the steps down one column, each connector from a symbol’s bottom to the next one’s top', () => {
    const layout = layoutProcessFlow(flow, labels, header);
    const xs = new Set(layout.steps.map((s) => s.symbol.cx));
    expect(xs.size).toBe(1);
    const ys = layout.steps.map((s) => s.symbol.cy);
    expect(ys).toEqual([...ys].sort((a, b) => a - b));
    expect(layout.connectors).toHaveLength(flow.steps.length - 1);
    for (const [i, c] of layout.connectors.entries()) {
      const [from, to] = [layout.steps[i]!.symbol, layout.steps[i + 1]!.symbol];
      expect(c.points[0]![1]).toBeCloseTo(from.cy + symbolExtent(from.symbol, from.r).bottom);
      expect(c.points[1]![1]).toBeCloseTo(to.cy - symbolExtent(to.symbol, to.r).top);
    }
  });

  it('loops rework back on the right in lanes of its own and sends scrap left into end markers', () => {
    const layout = layoutProcessFlow(flow, labels, header);
    const cx = layout.steps[0]!.symbol.cx;
    const r1 = layout.branches.find((b) => b.branchId === 'r1')!;
    const r2 = layout.branches.find((b) => b.branchId === 'r2')!;
    // leaves step 3 going right, turns up to step 1, comes back into its symbol
    expect(r1.path.points[1]![0]).toBeGreaterThan(cx);
    expect(r1.path.points[2]![1]).toBeLessThan(r1.path.points[1]![1]);
    expect(r1.path.points[3]![1]).toBeCloseTo(layout.steps[0]!.symbol.cy - 5);
    expect(r1.label).toMatchObject({ vertical: true, full: 'Burr found' });
    // the spans 1–3 and 4–5 do not touch: they share the innermost lane
    expect(r2.path.points[1]![0]).toBe(r1.path.points[1]![0]);
    const scraps = layout.branches.filter((b) => b.kind === 'scrap');
    expect(scraps.map((b) => b.end!.text.text)).toEqual(['Cracked', 'Scrap']);
    for (const b of scraps) expect(b.end!.box.x + b.end!.box.width).toBeLessThan(cx);
    expect(scraps[1]!.end!.box.y).toBeGreaterThan(scraps[0]!.end!.box.y);
    // the step's texts start right of every lane
    const textX = Math.min(...layout.steps[0]!.texts.map((t) => t.x));
    expect(textX).toBeGreaterThan(r1.path.points[1]![0]);
  });

  it('gives overlapping rework spans different lanes, short ones nearest', () => {
    const lanes = assignLanes([
      { id: 'long', from: 5, to: 0 },
      { id: 'short', from: 2, to: 1 },
      { id: 'touching', from: 3, to: 2 },
      { id: 'apart', from: 5, to: 4 },
    ]);
    expect(lanes.get('short')).toBe(0);
    expect(lanes.get('touching')).toBe(1);
    expect(lanes.get('apart')).toBe(0);
    expect(lanes.get('long')).toBe(2);
  });

  it('meets each outline where it is', () => {
    expect(symbolEdge('operation', 10, 0, 1)).toBe(10);
    expect(symbolEdge('operation', 10, 6, 1)).toBeCloseTo(8);
    expect(symbolEdge('inspection', 10, 5, -1)).toBeCloseTo(8.8);
    expect(symbolEdge('storage', 10, 9.5, 1)).toBeCloseTo(0);
    expect(symbolEdge('transport', 10, 0, 1)).toBeCloseTo(10);
  });

  it('says so when there is no step', () => {
    const layout = layoutProcessFlow({ steps: [], branches: [] }, labels, header);
    expect(layout.empty?.text).toBe(labels.empty);
    expect(layout.height).toBeGreaterThan(layout.empty!.y);
  });
});

describe('the SVG', () => {
  it('is a standalone document with every symbol, the numbers, names, characteristics and branches', () => {
    const svg = renderProcessFlowSvg(flow, labels, header);
    expect(svg.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg.endsWith('</svg>')).toBe(true);
    expect(svg).toContain('<title>Process flow chart PFD1</title>');
    expect(svg).toContain('Noto Sans CJK SC');
    for (const s of flow.steps) expect(svg).toContain(`data-step-id="${s.id}"`);
    expect(svg).toContain('>10 Step s1</text>');
    expect(svg).toContain('>Bore Ø12 H7</text>');
    expect(svg).toContain('>CC</text>');
    expect(svg).toContain('>In: Blank</text>');
    expect(svg).toContain('data-branch-id="r1" data-kind="rework"');
    expect(svg).toContain('>Cracked</text>');
    expect(svg).toContain('marker-end="url(#pfd-arrow-rework)"');
    expect(svg).toContain('<polygon'); // transport and storage
    expect(svg).toContain('<path d="M'); // delay
    expect(svg.match(/<circle/g)!.length).toBeGreaterThanOrEqual(4); // operation and combined, in the flow and the legend
  });

  it('escapes every text and drops what XML cannot hold', () => {
    const evil = '<script>alert("x")</script> & \'q\' \u0001';
    const svg = renderProcessFlowSvg(
      { steps: [step('a"b', 1, 'operation', { name: evil, inputs: evil, productCharacteristics: [char(evil, '<&>')] })], branches: [scrap('x', 'a"b', evil)] },
      { ...labels, legend: evil },
      { title: evil, subtitle: evil },
    );
    expect(svg).not.toContain('<script>');
    expect(svg).not.toContain('\u0001');
    expect(svg).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &apos;q&apos;');
    expect(svg).toContain('data-step-id="a&quot;b"');
    expect(escapeXml('a\uD800b')).toBe('ab');
  });

  it('draws Chinese labels and leaves out the declaration when asked, with its own marker ids', () => {
    const zh = flowChartLabelsFrom((key, params) => translate('zh-CN', key, params));
    const svg = renderProcessFlowSvg(flow, zh, { title: '过程流程图 PFD1' }, { xmlDeclaration: false, idPrefix: 'view-' });
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svg).toContain('>返工</text>');
    expect(svg).toContain('>产品特性</text>');
    expect(svg).toContain('id="view-arrow-flow"');
  });
});

describe('the mark column', () => {
  it('is as wide as a customer class name, so the class is not cut', () => {
    const named: ProcessFlow = { steps: [step('s1', 1, 'operation', { productCharacteristics: [char('Centre distance', '安全特性（S）')] })], branches: [] };
    const svg = renderProcessFlowSvg(named, labels, header);
    expect(svg).toContain('>安全特性（S）<');
    expect(svg).not.toContain('<title>安全特性（S）</title>'); // shown whole, not cut with the full text as a tooltip
    expect(layoutProcessFlow(named, labels, header).width).toBeGreaterThan(layoutProcessFlow(flow, labels, header).width - 40);
  });

  it('puts a class name wider than the mark column on a line of its own, whole, above the characteristic', () => {
    const long = 'Functional characteristic (F)';
    const named: ProcessFlow = { steps: [step('s1', 1, 'operation', { productCharacteristics: [char('Bore depth', long), char('Bore Ø12', 'CC')] })], branches: [] };
    const texts = layoutProcessFlow(named, labels, header).steps[0]!.texts;
    const mark = texts.find((t) => t.tone === 'special' && t.text.startsWith('Functional'))!;
    expect(mark.text).toBe(long);
    const name = texts.find((t) => t.text === 'Bore depth')!;
    expect(name.y).toBeGreaterThan(mark.y);
    // a short one stays beside its name
    expect(texts.find((t) => t.text === 'CC')!.y).toBe(texts.find((t) => t.text === 'Bore Ø12')!.y);
  });
});
