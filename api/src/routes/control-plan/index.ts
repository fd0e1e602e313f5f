import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../http/env.ts';
import { registerControlPlanLineRoutes } from './lines.ts';
import { registerControlPlanRoutes } from './plan.ts';
import { registerControlPlanTransferRoutes } from './transfer.ts';

/** The control plan of a PFMEA under /api/controlPlan/…, thin routes over core/src/services/pfmea/control-plan*.ts. */
export function registerControlPlanAllRoutes(app: OpenAPIHono<AppEnv>) {
  registerControlPlanRoutes(app);
  registerControlPlanLineRoutes(app);
  registerControlPlanTransferRoutes(app);
}
