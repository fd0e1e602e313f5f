/**
 * The step menu's icons (the FMEA main view's "icon" and "both" modes): one line drawing per step key the
 * kinds use; a step without one shows its number in a circle. Drawn in the text colour, 16 px.
 */
const PATHS: Record<string, string> = {
  planning: 'M4 2h8v12H4z M6 5h4 M6 8h4 M6 11h2',
  structure: 'M8 2v4 M3 10V7h10v3 M8 6v4 M1.5 10h3v4h-3z M6.5 10h3v4h-3z M11.5 10h3v4h-3z',
  interfaces: 'M2 5h5v6H2z M9 5h5v6H9z M7 8h2',
  function: 'M8 5a3 3 0 1 0 0 6a3 3 0 1 0 0-6 M8 1v3 M8 12v3 M1 8h3 M12 8h3',
  failure: 'M8 2l6.5 12h-13z M8 6v4 M8 12v.5',
  risk: 'M2 12a6 6 0 0 1 12 0 M8 12l3-4',
  optimization: 'M3 13l4-4 3 2 4-6 M11 5h3v3',
  flow: 'M2 3h4v3H2z M10 10h4v3h-4z M4 6v5.5h6',
  controlPlan: 'M3 2h10v12H3z M5 5l1 1 2-2 M9 5h2 M5 10l1 1 2-2 M9 10h2',
  worksheet: 'M2 3h12v10H2z M2 6h12 M2 9.5h12 M6 3v10',
  characteristics: 'M8 2l1.8 3.8 4.2.5-3.1 2.9.8 4.1L8 11.3l-3.7 2 .8-4.1L2 6.3l4.2-.5z',
  criticality: 'M2 14V9 M6 14V6 M10 14V8 M14 14V3',
  msrFailure: 'M3 3h10v8H3z M6 14h4 M8 11v3 M8 5v3',
  msrRisk: 'M3 3h10v8H3z M6 14h4 M8 11v3 M5 9a3 3 0 0 1 6 0',
  msrOptimization: 'M3 3h10v8H3z M6 14h4 M8 11v3 M5 9l2-2 1 1 3-3',
};

export function StepIcon({ step, index }: { step: string; index: number }) {
  const path = PATHS[step];
  return (
    <svg className="dfmea-step-icon" width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="1.3" strokeLinecap="round" strokeLinejoin="round">
      {path ? (
        <path d={path} />
      ) : (
        <>
          <circle cx="8" cy="8" r="6.5" />
          <text x="8" y="11" textAnchor="middle" fontSize="8" fill="currentColor" stroke="none">
            {index + 1}
          </text>
        </>
      )}
    </svg>
  );
}
