/**
 * What a user can star (spec 001 §3 collect types). Each kind is contributed
 * by the area whose records it stars (`contributes.favourites` in
 * core/src/domain/areas): projects by their FMEA area, the others by the
 * knowledge base and master data. This list is the stored column's
 * vocabulary; the areas' contributions must equal it (areas.test.ts), and
 * what may be starred is read from the contributions.
 */
export const COLLECT_TYPES = ['project', 'product', 'function', 'invalidMode', 'measureDetect', 'measureFrequency', 'measureMonitor', 'measureResponse', 'measurePrevent', 'pfmeaProject', 'fmedaProject', 'drbfmProject'] as const;
export type CollectType = (typeof COLLECT_TYPES)[number];
