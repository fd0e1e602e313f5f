import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../http/env.ts';
import { registerProcessFlowExportRoutes } from './export.ts';
import { registerProcessFlowRoutes } from './flow.ts';

/** The process flow chart (PFD) of a PFMEA under /api/processFlow/…, thin routes over core/src/services/pfmea/flow*.ts. */
export function registerProcessFlowAllRoutes(app: OpenAPIHono<AppEnv>) {
  registerProcessFlowRoutes(app);
  registerProcessFlowExportRoutes(app);
}
