import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../http/env.ts';
// auth: sign-in, the session's user, who is online, the password rules
import * as login from './auth/login.ts';
import * as userInfo from './auth/user-info.ts';
import * as online from './auth/online.ts';
import * as passwordRules from './auth/password-rules.ts';
import * as authSpecNames from './auth/spec-names.ts';
// single sign-on through OpenID Connect (docs/domain/sso.md)
import * as sso from './auth/sso.ts';
// the trial licence (docs/domain/licences.md)
import * as licence from './auth/licence.ts';
// sites, site users (groups) and departments: the system_site page
import * as sites from './org/sites.ts';
import * as siteUsers from './org/site-users.ts';
import * as departments from './org/departments.ts';
// users: administration (system_user page) and the personal self-service calls
import * as users from './users/users.ts';
import * as userAdmin from './users/user-admin.ts';
import * as userXlsx from './users/user-xlsx.ts';
import * as selfService from './users/self-service.ts';
import * as userSpecNames from './users/spec-names.ts';
// roles, their permissions, and the menus permissions are granted on
import * as roles from './roles/roles.ts';
import * as menus from './roles/menus.ts';
import * as dictionaryItems from './dictionaries/items.ts';
import * as dictionaryChecks from './dictionaries/checks.ts';
import * as dictionaryTransfer from './dictionaries/transfer.ts';
import * as noticeAdmin from './notices/admin.ts';
import * as noticeInbox from './notices/inbox.ts';
import * as ruleFlags from './rules/flags.ts';
import * as switches from './rules/switches.ts';
import * as apRules from './rules/ap.ts';
import * as numbering from './rules/numbering.ts';
import * as appInfo from './settings/app-info.ts';
import * as security from './settings/security.ts';
import * as operationLog from './settings/operation-log.ts';
import * as translation from './settings/translation.ts';
import * as manual from './settings/manual.ts';
// custom fields of the entities that take them (System › Customisation forms)
import * as customFields from './custom-fields/fields.ts';
// uploads and downloads (spec 001 §7 files, 000 §7 avatar and logo): limits per kind, stored by generated id
import * as upload from './files/upload.ts';
import * as download from './files/download.ts';
// DFMEA / PFMEA projects (spec 001 §7 project calls) and the steps of the analysis under /api/fmea/…, thin routes over core/src/services/fmea
import * as fmeaProjects from './fmea/projects.ts';
import * as pfmeaProjects from './fmea/pfmea-projects.ts';
import * as pfmeaFeatures from './fmea/pfmea-features.ts';
import * as fmeaSharing from './fmea/sharing.ts';
import * as fmeaAttachments from './fmea/attachments.ts';
import * as fmeaStructure from './fmea/structure.ts';
import * as fmeaFunctions from './fmea/functions.ts';
import * as fmeaFailures from './fmea/failures.ts';
import * as fmeaGrid from './fmea/grid.ts';
import * as fmeaActions from './fmea/actions.ts';
import * as fmeaMsr from './fmea/msr.ts';
import * as fmeaFmeca from './fmea/fmeca.ts';
import * as fmeaAnalysis from './fmea/analysis-read.ts';
import * as fmeaTransfer from './fmea/transfer.ts';
import * as fmeaSuggest from './fmea/suggest.ts';
import * as fmeaPush from './fmea/push.ts';
import * as fmeaReview from './fmea/review.ts';
import * as fmeaReuse from './fmea/reuse.ts';
import * as fmeaChecks from './fmea/checks.ts';
import * as fmeaBaselines from './fmea/baselines.ts';
import * as loop from './loop/loop.ts';
// the FMEDA (issue 23): its worksheet, metrics and workbook; its project, review and baselines are the FMEA routes above
import * as fmeda from './fmeda/fmeda.ts';
import * as drbfm from './drbfm/drbfm.ts';
import * as collections from './collections/collections.ts';
// the BOM: the whole sheet and single parts
import * as bom from './bom/bom.ts';
import * as bomParts from './bom/parts.ts';
// the catalog engine over HTTP: the knowledge base and the main-data base, one route family each (spec 001 §7)
import * as knowledgeCatalog from './catalog/knowledge.ts';
import * as mainDataCatalog from './catalog/main-data.ts';
import * as catalogChecks from './catalog/checks.ts';
import * as catalogAliases from './catalog/aliases.ts';
import * as featureClassify from './catalog/feature-classify.ts';
import * as reviews from './reviews/reviews.ts';
import * as messages from './messages/messages.ts';
// the process flow chart (PFD) and the control plan of a PFMEA, thin routes over core/src/services/pfmea
import * as processFlow from './process-flow/flow.ts';
import * as processFlowExport from './process-flow/export.ts';
import * as controlPlan from './control-plan/plan.ts';
import * as controlPlanLines from './control-plan/lines.ts';
import * as controlPlanTransfer from './control-plan/transfer.ts';
import * as communication from './communication/communication.ts';
// fault trees (issue 23, area ftaIndex): stored trees, MEF in and out, analysis, generation from a DFMEA and the links to it
import * as ftaTrees from './fta/trees.ts';
import * as ftaExchange from './fta/exchange.ts';
import * as ftaAnalysis from './fta/analysis.ts';
import * as ftaLinks from './fta/links.ts';
import * as ftaReview from './fta/review.ts';
// problems handled by 8D (issue 24, area problem): list and record, the steps and their lists, review, closing, lessons, exchange
import * as problemRecords from './problem/problems.ts';
import * as problemWork from './problem/work.ts';
import * as problemReview from './problem/review.ts';
import * as problemExchange from './problem/exchange.ts';
// engineering change orders (issue 24, area ewo): the EWO, its flow, what it touches and its documents, the list as a workbook
import * as ewoRecords from './ewo/ewos.ts';
import * as ewoContents from './ewo/contents.ts';
import * as ewoFlow from './ewo/flow.ts';
import * as ewoExchange from './ewo/exchange.ts';
// SPC (issue 25, area spc): studies of control-plan characteristics, their data and charts, and the loop back to the PFMEA and 8D
import * as spcStudies from './spc/studies.ts';
import * as spcData from './spc/data.ts';
import * as spcLoop from './spc/loop.ts';
// DVP&R (issue 25, area dvp): plans and tests, the workbook, what the DFMEA shows of its DVP
import * as dvpPlans from './dvp/plans.ts';
import * as dvpExchange from './dvp/exchange.ts';
// programs, their plans and tasks (issue 24, areas program_index / program_detail and task_index)
import * as programs from './program/programs.ts';
import * as programPlan from './program/plan.ts';
import * as tasks from './task/tasks.ts';
import * as taskTransitions from './task/transitions.ts';
// user scores (issue 24): the ranking report, a user's card and history, the score standards
import * as scores from './scores/scores.ts';
// the home page's dashboard: the caller's indicators, each indicator's figure, the administrator's settings
import * as dashboard from './dashboard/dashboard.ts';
// workflow settings and review requirements per FMEA kind and catalog type (docs/domain/workflow-settings.md)
import * as workflow from './workflow/workflow.ts';
// reports (issue 25): the DFMEA, PFMEA/control-plan, counts, nodes and task reports, AP over time, their workbooks
import * as reports from './report/report.ts';
// menus and resources, the FMEA main view (issue 26)
import * as menuAdmin from './settings/menu-admin.ts';
import * as mainView from './settings/main-view.ts';

/** What a route module exports besides its `defineRoute` results: the handlers it puts on the app. */
export interface RouteModule {
  register(app: OpenAPIHono<AppEnv>): void;
}

/**
 * Every route module of the API, in the order the app registers them (which
 * is the OpenAPI document's order, and the order Hono matches paths in). A
 * module exports its routes (`export const listRoute = defineRoute(…)`) and
 * `register(app)`; adding one here is all it takes to serve its routes and
 * to give the workbench's typed client their types (route-map.ts reads this
 * list). `route-map.test.ts` fails on a route module left out.
 */
export const ROUTE_MODULES = {
  login,
  userInfo,
  online,
  passwordRules,
  authSpecNames,
  sso,
  licence,
  sites,
  siteUsers,
  departments,
  users,
  userAdmin,
  userXlsx,
  selfService,
  userSpecNames,
  roles,
  menus,
  dictionaryItems,
  dictionaryChecks,
  dictionaryTransfer,
  noticeAdmin,
  noticeInbox,
  ruleFlags,
  switches,
  apRules,
  numbering,
  appInfo,
  security,
  operationLog,
  translation,
  manual,
  customFields,
  upload,
  download,
  fmeaProjects,
  pfmeaProjects,
  pfmeaFeatures,
  fmeaSharing,
  fmeaAttachments,
  fmeaStructure,
  fmeaFunctions,
  fmeaFailures,
  fmeaGrid,
  fmeaActions,
  fmeaMsr,
  fmeaFmeca,
  fmeaAnalysis,
  fmeaTransfer,
  fmeaSuggest,
  fmeaPush,
  fmeaReview,
  fmeaReuse,
  fmeaChecks,
  fmeaBaselines,
  loop,
  fmeda,
  drbfm,
  collections,
  // before the catalog's /api/mainData/{entity}/…: the BOM's literal paths would fall into it
  bom,
  bomParts,
  knowledgeCatalog,
  mainDataCatalog,
  catalogChecks,
  catalogAliases,
  featureClassify,
  reviews,
  messages,
  processFlow,
  processFlowExport,
  controlPlan,
  controlPlanLines,
  controlPlanTransfer,
  communication,
  ftaTrees,
  ftaExchange,
  ftaAnalysis,
  ftaLinks,
  ftaReview,
  problemRecords,
  problemWork,
  problemReview,
  problemExchange,
  ewoRecords,
  ewoContents,
  ewoFlow,
  ewoExchange,
  spcStudies,
  spcData,
  spcLoop,
  dvpPlans,
  dvpExchange,
  programs,
  programPlan,
  tasks,
  taskTransitions,
  scores,
  dashboard,
  workflow,
  reports,
  menuAdmin,
  mainView,
} satisfies Record<string, RouteModule>;

/** Registers every route module, in the list's order. */
export function registerRoutes(app: OpenAPIHono<AppEnv>) {
  for (const module of Object.values(ROUTE_MODULES)) module.register(app);
}
