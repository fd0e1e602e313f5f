import type { DbOrTx } from '../../db/client.ts';
import { catalogCaller, type CatalogCaller } from '../catalog/access.ts';
import type { Operator } from '../shared/context.ts';

/** The BOM page's route (spec 001 §2 `bom_index`): its buttons govern every BOM operation. */
export const BOM_ROUTE = 'bom_index';

/** BOMs are master data: edit and delete follow the master-data creator rule (`zsjcjzRule`). */
export const BOM_AREA = { area: 'masterData' } as const;

/** Who is acting on BOMs, judged by the catalog engine's permission layer on the BOM's route. */
export const bomCaller = (db: DbOrTx, operator: Operator): Promise<CatalogCaller> => catalogCaller(db, operator, { route: BOM_ROUTE });
