import type { ProcessFlow } from './flow.ts';
import { layoutProcessFlow, type ChartBox, type ChartPath, type ChartSymbol, type ChartText, type FlowChartHeader, type FlowChartLabels, type FlowLayout } from './flow-layout.ts';

/**
 * The flow chart as a standalone SVG document (a string), drawn from the
 * layout: the server's export and the workbench's view call the same
 * function, so the download is the picture on the screen. Every text that
 * comes from data is XML-escaped here and nowhere else.
 */

/** Fonts that have Chinese glyphs on Linux, Windows and macOS, then any sans-serif. */
export const FLOW_CHART_FONT = 'Noto Sans CJK SC, Noto Sans SC, Source Han Sans SC, Microsoft YaHei, PingFang SC, Hiragino Sans GB, WenQuanYi Micro Hei, SimHei, Arial, sans-serif';

const INK = '#1f2937';
const TONES: Record<NonNullable<ChartText['tone']>, string> = { normal: INK, muted: '#4b5563', special: '#b91c1c', rework: '#1d4ed8', scrap: '#b91c1c' };
const STROKES: Record<ChartPath['kind'], string> = { flow: INK, rework: '#1d4ed8', scrap: '#b91c1c' };

/** Characters XML 1.0 does not allow at all (controls, lone surrogates, U+FFFE/FFFF): dropped, since no escape can carry them. */
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** A text safe inside an XML element or a quoted attribute. */
export function escapeXml(text: string): string {
  return text.replace(NOT_XML, '').replace(/[&<>"']/g, (c) => ENTITIES[c]!);
}

const num = (value: number) => String(Math.round(value * 100) / 100);

export interface FlowSvgOptions {
  /** Prefix of the ids inside the document (arrow markers), so two charts on one page do not share them. */
  readonly idPrefix?: string;
  /** The XML declaration in front (a file has it; SVG put into a page does not need it). */
  readonly xmlDeclaration?: boolean;
}

function text(t: ChartText): string {
  const attrs = [
    `x="${num(t.x)}"`,
    `y="${num(t.y)}"`,
    `font-size="${t.size}"`,
    t.bold ? 'font-weight="bold"' : '',
    t.anchor && t.anchor !== 'start' ? `text-anchor="${t.anchor}"` : '',
    `fill="${TONES[t.tone ?? 'normal']}"`,
    t.vertical ? `transform="rotate(-90 ${num(t.x)} ${num(t.y)})"` : '',
  ].filter(Boolean);
  const title = t.full !== undefined && t.full !== t.text ? `<title>${escapeXml(t.full)}</title>` : '';
  return `<text ${attrs.join(' ')}>${title}${escapeXml(t.text)}</text>`;
}

/** One ASME symbol inside the square of side 2r around its centre. */
export function symbolSvg({ symbol, cx, cy, r }: ChartSymbol): string {
  const style = `fill="#ffffff" stroke="${INK}" stroke-width="1.5"`;
  const square = (h: number) => `<rect x="${num(cx - h)}" y="${num(cy - h)}" width="${num(2 * h)}" height="${num(2 * h)}" ${style}/>`;
  const polygon = (points: [number, number][]) => `<polygon points="${points.map(([x, y]) => `${num(x)},${num(y)}`).join(' ')}" ${style}/>`;
  switch (symbol) {
    case 'inspection':
      return square(0.88 * r);
    case 'combined':
      return `${square(0.95 * r)}<circle cx="${num(cx)}" cy="${num(cy)}" r="${num(0.62 * r)}" ${style}/>`;
    case 'storage':
      return polygon([
        [cx - r, cy - 0.8 * r],
        [cx + r, cy - 0.8 * r],
        [cx, cy + 0.95 * r],
      ]);
    case 'delay': {
      const h = 0.85 * r;
      return `<path d="M${num(cx - 0.8 * r)} ${num(cy - h)}H${num(cx)}A${num(h)} ${num(h)} 0 0 1 ${num(cx)} ${num(cy + h)}H${num(cx - 0.8 * r)}Z" ${style}/>`;
    }
    case 'transport':
      return polygon([
        [cx - r, cy - 0.38 * r],
        [cx + 0.15 * r, cy - 0.38 * r],
        [cx + 0.15 * r, cy - 0.8 * r],
        [cx + r, cy],
        [cx + 0.15 * r, cy + 0.8 * r],
        [cx + 0.15 * r, cy + 0.38 * r],
        [cx - r, cy + 0.38 * r],
      ]);
    default:
      return `<circle cx="${num(cx)}" cy="${num(cy)}" r="${num(r)}" ${style}/>`;
  }
}

function path(p: ChartPath, prefix: string): string {
  const points = p.points.map(([x, y]) => `${num(x)},${num(y)}`).join(' ');
  const dash = p.kind === 'scrap' ? ' stroke-dasharray="4 3"' : '';
  const marker = p.arrow ? ` marker-end="url(#${prefix}arrow-${p.kind})"` : '';
  return `<polyline points="${points}" fill="none" stroke="${STROKES[p.kind]}" stroke-width="1.4"${dash}${marker}/>`;
}

/** The terminal symbol (a stadium) scrap runs into. */
const endMarker = (box: ChartBox) =>
  `<rect x="${num(box.x)}" y="${num(box.y)}" width="${num(box.width)}" height="${num(box.height)}" rx="${num(box.height / 2)}" fill="#fef2f2" stroke="${STROKES.scrap}" stroke-width="1.4"/>`;

const markers = (prefix: string) =>
  (Object.keys(STROKES) as ChartPath['kind'][])
    .map(
      (kind) =>
        `<marker id="${prefix}arrow-${kind}" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="8" markerHeight="8" markerUnits="userSpaceOnUse" orient="auto"><path d="M0,0L10,5L0,10Z" fill="${STROKES[kind]}"/></marker>`,
    )
    .join('');

/** Draws a laid-out chart. */
export function renderFlowLayoutSvg(layout: FlowLayout, title: string, options: FlowSvgOptions = {}): string {
  const prefix = escapeXml(options.idPrefix ?? 'pfd-');
  const out: string[] = [];
  if (options.xmlDeclaration ?? true) out.push('<?xml version="1.0" encoding="UTF-8"?>\n');
  out.push(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${layout.width}" height="${layout.height}" viewBox="0 0 ${layout.width} ${layout.height}" font-family="${escapeXml(FLOW_CHART_FONT)}" role="img" aria-label="${escapeXml(title)}">`,
    `<title>${escapeXml(title)}</title>`,
    `<defs>${markers(prefix)}</defs>`,
    `<rect x="0" y="0" width="${layout.width}" height="${layout.height}" fill="#ffffff"/>`,
  );
  out.push(...layout.header.map(text), ...layout.headings.map(text));
  for (const [[x1, y1], [x2, y2]] of layout.rules) out.push(`<line x1="${num(x1)}" y1="${num(y1)}" x2="${num(x2)}" y2="${num(y2)}" stroke="#d1d5db" stroke-width="1"/>`);
  out.push(...layout.connectors.map((c) => path(c, prefix)));
  for (const b of layout.branches) {
    const parts = [path(b.path, prefix), b.label ? text(b.label) : '', b.end ? endMarker(b.end.box) + text(b.end.text) : ''];
    out.push(`<g data-branch-id="${escapeXml(b.branchId)}" data-kind="${b.kind}">${parts.join('')}</g>`);
  }
  for (const s of layout.steps) out.push(`<g data-step-id="${escapeXml(s.stepId)}">${symbolSvg(s.symbol)}${s.texts.map(text).join('')}</g>`);
  if (layout.empty) out.push(text(layout.empty));
  if (layout.notes.length) out.push(`<g data-notes="1">${layout.notes.map(text).join('')}</g>`);
  const legend = layout.legend;
  out.push(`<g data-legend="1">${[...legend.symbols.map(symbolSvg), ...legend.paths.map((p) => path(p, prefix)), ...legend.ends.map(endMarker), ...legend.texts.map(text)].join('')}</g>`);
  out.push('</svg>');
  return out.join('');
}

/** The chart of a flow as an SVG document. */
export function renderProcessFlowSvg(flow: ProcessFlow, labels: FlowChartLabels, header: FlowChartHeader, options: FlowSvgOptions = {}): string {
  return renderFlowLayoutSvg(layoutProcessFlow(flow, labels, header), header.title, options);
}
