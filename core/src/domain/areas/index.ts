import type { AreaDefinition, ButtonIn, RouteNameIn } from './define.ts';
import type { ProjectType } from '../fmea/vocabulary.ts';
import { areaServing, everyoneRoutes, routeNamesOf } from './derive.ts';
import { experienceArea, knowledgeArea, masterDataArea, standardsArea } from './catalogs.ts';
import { dfmeaArea } from './dfmea.ts';
import { dvpArea } from './dvp.ts';
import { ewoArea } from './ewo.ts';
import { ftaArea } from './fta.ts';
import { fmedaArea } from './fmeda.ts';
import { drbfmArea } from './drbfm.ts';
import { homeArea } from './home.ts';
import { personalArea } from './personal.ts';
import { pfmeaArea } from './pfmea.ts';
import { problemArea } from './problem.ts';
import { spcArea } from './spc.ts';
import { programArea } from './program.ts';
import { reportArea } from './report.ts';
import { taskArea } from './task.ts';
import { systemArea } from './system.ts';

export * from './define.ts';
export * from './derive.ts';
export * from './contributions.ts';
export { catalogPage } from './catalog-page.ts';
export { ftaTreePath } from './fta.ts';
export { problemDetailPath } from './problem.ts';
export { ewoDetailPath } from './ewo.ts';
export { spcStudyPath } from './spc.ts';
export { drbfmProjectPath } from './drbfm.ts';
export { dvpDetailsPath } from './dvp.ts';
export { dfmeaArea, drbfmArea, dvpArea, ewoArea, experienceArea, fmedaArea, ftaArea, homeArea, knowledgeArea, masterDataArea, personalArea, pfmeaArea, problemArea, programArea, reportArea, spcArea, standardsArea, systemArea, taskArea };

/** Every work area the product defines: the one list menus, grants and the workbench derive from. */
export const AREAS = [homeArea, programArea, taskArea, dfmeaArea, pfmeaArea, fmedaArea, drbfmArea, dvpArea, ftaArea, spcArea, ewoArea, knowledgeArea, standardsArea, masterDataArea, experienceArea, problemArea, reportArea, systemArea, personalArea] as const;
export type Area = (typeof AREAS)[number];

/** Every route name a role can be granted or an access rule can name. */
export type RouteName = RouteNameIn<typeof AREAS>;
/** The buttons route R offers (a union of routes: any of theirs). */
export type ButtonOf<R extends RouteName> = ButtonIn<typeof AREAS, R>;

/** Routes of the areas that open FMEA projects (their types in `projectTypes`). */
export type ProjectRouteName = Extract<Area, { readonly projectTypes: readonly [unknown, ...unknown[]] }>['routeName'];

export const ROUTE_NAMES = routeNamesOf(AREAS) as readonly RouteName[];
export const isRouteName = (value: string): value is RouteName => (ROUTE_NAMES as readonly string[]).includes(value);

/** Routes every signed-in user has, whatever their roles: the home page, personal centre and own inbox. */
export const ALWAYS_PERMITTED_ROUTES = everyoneRoutes(AREAS) as readonly RouteName[];

/** The routes of the areas that open FMEA projects. */
export const PROJECT_ROUTES = (AREAS as readonly AreaDefinition[]).filter((area) => area.projectTypes?.length).map((area) => area.routeName) as readonly ProjectRouteName[];

/** The route of the area that opens projects of a type; undefined while no area serves it. */
export const routeServing = (projectType: ProjectType): ProjectRouteName | undefined => areaServing(AREAS as readonly AreaDefinition[], projectType)?.routeName as ProjectRouteName | undefined;
