import type { z } from '@hono/zod-openapi';
import * as login from './auth/login.ts';
import * as online from './auth/online.ts';
import * as passwordRules from './auth/password-rules.ts';
import * as catalogAliases from './catalog/aliases.ts';
import * as catalogChecks from './catalog/checks.ts';
import * as featureClassify from './catalog/feature-classify.ts';
import * as knowledgeCatalog from './catalog/knowledge.ts';
import * as mainDataCatalog from './catalog/main-data.ts';
import * as userInfo from './auth/user-info.ts';
import * as bom from './bom/bom.ts';
import * as bomParts from './bom/parts.ts';
import * as collections from './collections/collections.ts';
import * as dictionaryChecks from './dictionaries/checks.ts';
import * as dictionaryItems from './dictionaries/items.ts';
import * as dictionaryTransfer from './dictionaries/transfer.ts';
import * as download from './files/download.ts';
import * as upload from './files/upload.ts';
import * as fmeaActions from './fmea/actions.ts';
import * as fmeaAnalysis from './fmea/analysis-read.ts';
import * as fmeaAttachments from './fmea/attachments.ts';
import * as fmeaChecks from './fmea/checks.ts';
import * as fmeaFailures from './fmea/failures.ts';
import * as fmeaFunctions from './fmea/functions.ts';
import * as fmeaGrid from './fmea/grid.ts';
import * as fmeaProjects from './fmea/projects.ts';
import * as pfmeaProjects from './fmea/pfmea-projects.ts';
import * as pfmeaFeatures from './fmea/pfmea-features.ts';
import * as fmeaPush from './fmea/push.ts';
import * as fmeaSharing from './fmea/sharing.ts';
import * as fmeaReview from './fmea/review.ts';
import * as fmeaBaselines from './fmea/baselines.ts';
import * as fmeaReuse from './fmea/reuse.ts';
import * as fmeaStructure from './fmea/structure.ts';
import * as fmeaSuggest from './fmea/suggest.ts';
import * as fmeaTransfer from './fmea/transfer.ts';
import * as noticeAdmin from './notices/admin.ts';
import * as processFlow from './process-flow/flow.ts';
import * as processFlowExport from './process-flow/export.ts';
import * as controlPlan from './control-plan/plan.ts';
import * as controlPlanLines from './control-plan/lines.ts';
import * as controlPlanTransfer from './control-plan/transfer.ts';
import * as noticeInbox from './notices/inbox.ts';
import * as departments from './org/departments.ts';
import * as reviews from './reviews/reviews.ts';
import * as messages from './messages/messages.ts';
import * as communication from './communication/communication.ts';
import * as siteUsers from './org/site-users.ts';
import * as sites from './org/sites.ts';
import * as menus from './roles/menus.ts';
import * as roles from './roles/roles.ts';
import * as apRules from './rules/ap.ts';
import * as ruleFlags from './rules/flags.ts';
import * as numbering from './rules/numbering.ts';
import * as switches from './rules/switches.ts';
import * as appInfo from './settings/app-info.ts';
import * as operationLog from './settings/operation-log.ts';
import * as security from './settings/security.ts';
import * as selfService from './users/self-service.ts';
import * as userAdmin from './users/user-admin.ts';
import * as userXlsx from './users/user-xlsx.ts';
import * as users from './users/users.ts';

/**
 * The route map of the workbench's typed client, read from the route
 * definitions themselves: every module below exports its `defineRoute`
 * results, and `ApiRoutes` turns each into its path, method, request
 * (`z.input` of the query, path parameters, JSON or multipart body) and
 * answer (`z.output` of the enveloped data, dates as the strings JSON makes
 * of them).
 *
 * The browser imports this file with `import type` only, so neither zod nor
 * any server code reaches the bundle. `route-map.test.ts` holds the list
 * equal to the routes the app registers (the few left out are named there).
 */
export const ROUTE_MODULES = {
  login,
  online,
  passwordRules,
  userInfo,
  bom,
  bomParts,
  knowledgeCatalog,
  mainDataCatalog,
  catalogChecks,
  catalogAliases,
  featureClassify,
  collections,
  dictionaryChecks,
  dictionaryItems,
  dictionaryTransfer,
  download,
  upload,
  fmeaActions,
  fmeaAnalysis,
  fmeaAttachments,
  fmeaFailures,
  fmeaFunctions,
  fmeaGrid,
  fmeaProjects,
  pfmeaProjects,
  pfmeaFeatures,
  fmeaPush,
  fmeaSharing,
  fmeaReview,
  fmeaBaselines,
  fmeaReuse,
  fmeaChecks,
  fmeaStructure,
  fmeaSuggest,
  fmeaTransfer,
  noticeAdmin,
  processFlow,
  processFlowExport,
  controlPlan,
  controlPlanLines,
  controlPlanTransfer,
  noticeInbox,
  reviews,
  messages,
  communication,
  departments,
  siteUsers,
  sites,
  menus,
  roles,
  apRules,
  ruleFlags,
  numbering,
  switches,
  appInfo,
  operationLog,
  security,
  selfService,
  userAdmin,
  userXlsx,
  users,
};

/** What `defineRoute` returns, as far as the client reads it. */
export interface DefinedRoute {
  method: 'get' | 'post';
  path: string;
  request?: unknown;
  responses: { 200: { content: object } };
}

/** The routes a module exports (its other exports, schemas and register functions, are left out). */
type RoutesOf<M> = { [K in keyof M]: M[K] extends DefinedRoute ? M[K] : never }[keyof M];

type Modules = (typeof ROUTE_MODULES)[keyof typeof ROUTE_MODULES];
type AnyRoute = Modules extends infer M ? (M extends unknown ? RoutesOf<M> : never) : never;

type RequestOf<R> = R extends { request: infer Q } ? Q : undefined;
type SchemaIn<C, Type extends string> = C extends { [K in Type]: { schema: infer S extends z.ZodType } } ? S : never;
type BodyOf<R, Type extends string> = RequestOf<R> extends { body: { content: infer C } } ? SchemaIn<C, Type> : never;
type PartOf<R, Part extends string> = RequestOf<R> extends { [K in Part]: infer S extends z.ZodType } ? z.input<S> : undefined;
type Input<S> = [S] extends [never] ? undefined : S extends z.ZodType ? z.input<S> : undefined;
/** What JSON makes of an answer on its way to the browser: a date arrives as its ISO string (a tuple stays a tuple). */
export type Wire<T> = T extends Date
  ? string
  : T extends readonly unknown[]
    ? number extends T['length']
      ? Wire<T[number]>[]
      : { -readonly [K in keyof T]: Wire<T[K]> }
    : T extends object
      ? { [K in keyof T]: Wire<T[K]> }
      : T;

/** The route's answer: the envelope's data (`z.output`, as JSON carries it), or the file itself (a Blob) for routes that answer one. */
type DataOf<R> = R extends { responses: { 200: { content: infer C } } }
  ? C extends { 'application/json': { schema: infer S extends z.ZodType } }
    ? z.output<S> extends { data: infer D }
      ? Wire<D>
      : never
    : Blob
  : never;

/** One route as the client sees it; `undefined` where the route takes no such part. */
export interface ApiRoute {
  method: 'get' | 'post';
  /** Path parameters (`{name}` in the path), z.input. */
  params: object | undefined;
  /** The query, z.input. */
  query: object | undefined;
  /** The JSON body, z.input. */
  json: unknown;
  /** The multipart form, z.input (File parts and text fields). */
  form: object | undefined;
  /** The answer's data, z.output. */
  data: unknown;
}

type Describe<R extends DefinedRoute> = {
  method: R['method'];
  params: PartOf<R, 'params'>;
  query: PartOf<R, 'query'>;
  json: Input<BodyOf<R, 'application/json'>>;
  form: Input<BodyOf<R, 'multipart/form-data'>>;
  data: DataOf<R>;
};

/** Every route the route modules define, by path. */
export type ApiRoutes = { [R in AnyRoute as R['path']]: Describe<R> };
