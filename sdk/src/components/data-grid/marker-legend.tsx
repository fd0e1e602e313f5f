import type { DataGridRowMarker } from './types';

const ORDER: readonly DataGridRowMarker[] = ['mycompiled', 'myreadable', 'noPermission'];

/**
 * What the row stripes mean (spec 000 §6: own row red, another user's row orange, no permission
 * grey): one swatch and its words for each kind of stripe the rows on screen carry, so a colour is
 * never the only explanation.
 */
export function MarkerLegend({ present, legend }: { present: ReadonlySet<DataGridRowMarker>; legend: Readonly<Record<DataGridRowMarker, string>> }) {
  const shown = ORDER.filter((m) => present.has(m));
  if (shown.length === 0) return null;
  return (
    <ul className="fmea-grid__legend" data-testid="grid-marker-legend">
      {shown.map((marker) => (
        <li key={marker} data-marker={marker}>
          <span className="fmea-grid__marker fmea-grid__legend-swatch" data-marker={marker} aria-hidden="true" />
          {legend[marker]}
        </li>
      ))}
    </ul>
  );
}
