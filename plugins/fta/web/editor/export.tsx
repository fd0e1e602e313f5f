import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { saveBlob, svgToPng } from '@fmea/sdk';
import { DiagramContent, type DiagramData } from './Diagram.tsx';
import type { TreeLayout } from './layout.ts';

/**
 * The whole diagram as a standalone SVG document: the same component the editor draws, every node (the
 * editor draws only those in view), rendered once into a detached element. The symbols carry their
 * colours as attributes, so the file needs no stylesheet.
 */
export function diagramSvg(layout: TreeLayout, data: DiagramData, title: string): string {
  const host = document.createElement('div');
  const root = createRoot(host);
  const parents = layout.nodes.filter((n) => n.children.length > 0);
  const plain: DiagramData = { ...data, selected: null, target: null };
  flushSync(() =>
    root.render(
      <svg xmlns="http://www.w3.org/2000/svg" width={Math.ceil(layout.width)} height={Math.ceil(layout.height)} viewBox={`0 0 ${layout.width} ${layout.height}`}>
        <title>{title}</title>
        <rect width="100%" height="100%" fill="#ffffff" />
        <DiagramContent layout={layout} nodes={layout.nodes} parents={parents} data={plain} />
      </svg>,
    ),
  );
  const markup = host.innerHTML;
  root.unmount();
  return `<?xml version="1.0" encoding="UTF-8"?>\n${markup}`;
}

export function saveSvg(svg: string, fileName: string): void {
  saveBlob(new Blob([svg], { type: 'image/svg+xml;charset=utf-8' }), fileName);
}

/** Twice the size where the canvas allows; a very wide tree is drawn smaller (browsers refuse canvases past about 16,000 px a side). */
export function pngScale(width: number, height: number): number {
  return Math.min(2, 16_000 / width, 16_000 / height, Math.sqrt(120_000_000 / (width * height)));
}

export async function savePng(svg: string, layout: TreeLayout, fileName: string): Promise<void> {
  saveBlob(await svgToPng(svg, layout.width, layout.height, pngScale(layout.width, layout.height)), fileName);
}
