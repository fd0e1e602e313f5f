/**
 * A DFMEA cause's occurrence rating as a basic event's probability, for trees generated from the failure net
 * (issue 23). The table is the AIAG-VDA FMEA handbook's alternate DFMEA occurrence table (incidents per 1,000
 * items or vehicles over their design life): a per-mission probability, the mission being the item's life.
 * O 1 is "failure eliminated through prevention control"; it is given 1e-7 rather than 0, one decade below
 * O 2, so the cause stays in the cut sets and the engineer sees it (docs/domain/fta.md, "Generated from a
 * DFMEA"). An unrated cause takes O 10's figure: unknown is treated as likely, never as safe.
 */
export const OCCURRENCE_PROBABILITY: Readonly<Record<number, number>> = {
  10: 0.1, // ≥ 100 per 1,000
  9: 0.05, // 50 per 1,000
  8: 0.02, // 20 per 1,000
  7: 0.01, // 10 per 1,000
  6: 0.002, // 2 per 1,000
  5: 0.0005, // 0.5 per 1,000
  4: 0.0001, // 0.1 per 1,000
  3: 0.00001, // 0.01 per 1,000
  2: 0.000001, // ≤ 0.001 per 1,000
  1: 0.0000001, // eliminated by prevention: one decade below O 2
};

/** The probability of a cause rated `occurrence` (1–10); null or out of range: O 10's. */
export function occurrenceProbability(occurrence: number | null | undefined): number {
  return (occurrence != null && OCCURRENCE_PROBABILITY[occurrence]) || OCCURRENCE_PROBABILITY[10]!;
}
