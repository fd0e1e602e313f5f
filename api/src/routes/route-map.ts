import type { z } from '@hono/zod-openapi';
import { ROUTE_MODULES } from './index.ts';

/**
 * The route map of the workbench's typed client, read from the route
 * definitions themselves: every module of the one route list
 * (`ROUTE_MODULES`, routes/index.ts) exports its `defineRoute` results, and
 * `ApiRoutes` turns each into its path, method, request (`z.input` of the
 * query, path parameters, JSON or multipart body) and answer (`z.output` of
 * the enveloped data, dates as the strings JSON makes of them).
 *
 * The browser imports this file with `import type` only, so neither zod nor
 * any server code reaches the bundle. `route-map.test.ts` holds the map
 * equal to the routes the app registers (the few left out are named there).
 */
export { ROUTE_MODULES };

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
