import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../http/env.ts';
import { registerActionRoutes } from './actions.ts';
import { registerAnalysisReadRoutes } from './analysis-read.ts';
import { registerAttachmentRoutes } from './attachments.ts';
import { registerBaselineRoutes } from './baselines.ts';
import { registerCheckRoutes } from './checks.ts';
import { registerFailureRoutes } from './failures.ts';
import { registerFunctionRoutes } from './functions.ts';
import { registerGridRoutes } from './grid.ts';
import { registerPfmeaFeatureRoutes } from './pfmea-features.ts';
import { registerPfmeaProjectRoutes } from './pfmea-projects.ts';
import { registerProjectRoutes } from './projects.ts';
import { registerPushRoutes } from './push.ts';
import { registerReuseRoutes } from './reuse.ts';
import { registerReviewRoutes } from './review.ts';
import { registerSharingRoutes } from './sharing.ts';
import { registerStructureRoutes } from './structure.ts';
import { registerSuggestRoutes } from './suggest.ts';
import { registerTransferRoutes } from './transfer.ts';

/**
 * DFMEA / PFMEA projects (spec 001 §7 project calls) and the seven steps of the
 * analysis under /api/fmea/…, thin routes over the engine (core/src/services/fmea).
 */
export function registerFmeaRoutes(app: OpenAPIHono<AppEnv>) {
  registerProjectRoutes(app);
  registerPfmeaProjectRoutes(app);
  registerPfmeaFeatureRoutes(app);
  registerSharingRoutes(app);
  registerAttachmentRoutes(app);
  registerStructureRoutes(app);
  registerFunctionRoutes(app);
  registerFailureRoutes(app);
  registerGridRoutes(app);
  registerActionRoutes(app);
  registerAnalysisReadRoutes(app);
  registerTransferRoutes(app);
  registerSuggestRoutes(app);
  registerPushRoutes(app);
  registerReviewRoutes(app);
  registerReuseRoutes(app);
  registerCheckRoutes(app);
  registerBaselineRoutes(app);
}
