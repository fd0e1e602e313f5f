import type { FmeaButton } from '@fmea/core';

/**
 * The flow chart is a view of a PFMEA, so its routes gate on the route of the
 * area that serves PFMEA projects (core/src/domain/areas/pfmea.ts) with the
 * operation's button. As for every FMEA route (../fmea/access.ts), the
 * engine's services then decide on the project itself: its type's route,
 * membership, read-only members and shared readers.
 */
const ROUTE = 'pfmea_index' as const;
export const flowRead = { route: ROUTE };
export const flowWrite = (...buttons: FmeaButton[]) => ({ route: ROUTE, button: buttons });
