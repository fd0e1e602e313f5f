import type { FmeaButton } from '@fmea/core';

/**
 * The control plan is a view of a PFMEA, so its routes gate on the route of
 * the area that serves PFMEA projects (core/src/domain/areas/pfmea.ts) with
 * the operation's button; the engine's services then decide on the project
 * itself (its type, membership, read-only members and shared readers).
 */
const ROUTE = 'pfmea_index' as const;
export const planRead = { route: ROUTE };
export const planWrite = (...buttons: FmeaButton[]) => ({ route: ROUTE, button: buttons });
