/**
 * The occurrence rating a measured capability proposes for the PFMEA causes on a characteristic
 * (docs/domain/spc.md, "Capability and occurrence"). The AIAG-VDA handbook (2019) rates O by the
 * prevention controls and publishes no capability column; the last AIAG handbook that did (FMEA 3rd
 * edition, 2001, PFMEA occurrence table) gives a minimum Ppk per rating, the same failure rates a centred
 * normal process has. That column is the mapping here, with two choices of ours:
 * - the capability read is the lower of Cpk and Ppk (a process out of control is judged by its overall
 *   spread, an in-control one by its within spread: the lower is the honest one);
 * - O 1 is left to the FMEA team (AIAG-VDA keeps it for causes eliminated by prevention), so capability
 *   alone proposes O 2 at best.
 */
export const CAPABILITY_OCCURRENCE: readonly { readonly minimum: number; readonly occurrence: number }[] = [
  { minimum: 1.3, occurrence: 2 },
  { minimum: 1.2, occurrence: 3 },
  { minimum: 1.1, occurrence: 4 },
  { minimum: 1.0, occurrence: 5 },
  { minimum: 0.94, occurrence: 6 },
  { minimum: 0.86, occurrence: 7 },
  { minimum: 0.78, occurrence: 8 },
  { minimum: 0.55, occurrence: 9 },
];

/** The O that a capability proposes, or null without one (no limits given, too few data). */
export function occurrenceFromCapability(capability: { readonly cpk?: number | null; readonly ppk?: number | null } | null | undefined): number | null {
  const values = [capability?.cpk, capability?.ppk].filter((v): v is number => typeof v === 'number' && Number.isFinite(v));
  if (values.length === 0) return null;
  const index = Math.min(...values);
  return CAPABILITY_OCCURRENCE.find((band) => index >= band.minimum)?.occurrence ?? 10;
}
