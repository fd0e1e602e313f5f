/**
 * What a user can star (spec 001 §3 collect types). Projects are starred by
 * their FMEA type; the others are analysis and knowledge items.
 */
export const COLLECT_TYPES = ['project', 'product', 'function', 'invalidMode', 'measureDetect', 'measureFrequency', 'measureMonitor', 'measureResponse', 'measurePrevent', 'pfmeaProject'] as const;
export type CollectType = (typeof COLLECT_TYPES)[number];

/** The collect types that name an FMEA project (design and process). */
export const PROJECT_COLLECT_TYPES = ['project', 'pfmeaProject'] as const satisfies readonly CollectType[];
export const isProjectCollectType = (type: CollectType): boolean => (PROJECT_COLLECT_TYPES as readonly CollectType[]).includes(type);
