import { useEffect, useRef } from 'react';
import type uPlot from 'uplot';
import { drawChart, type ChartInput } from './draw.ts';
import 'uplot/dist/uPlot.min.css';

/** A control chart as wide as its box (drawn again when the box changes width or the data changes). */
export function ControlChart({ input, height = 240, testId }: { input: ChartInput; height?: number; testId?: string }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    let plot: uPlot | null = null;
    let drawnWidth = 0;
    const draw = () => {
      const width = Math.max(200, Math.floor(el.clientWidth));
      if (width === drawnWidth) return;
      drawnWidth = width;
      plot?.destroy();
      plot = drawChart(el, input, width, height);
    };
    draw();
    const observer = new ResizeObserver(draw);
    observer.observe(el);
    return () => {
      observer.disconnect();
      plot?.destroy();
    };
  }, [input, height]);
  return <div ref={box} className="spc-plot" data-testid={testId} data-points={input.values.length} data-violations={input.violations.size} />;
}
