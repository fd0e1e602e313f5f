import { homeArea, type AreaDefinition } from '@fmea/core/domain';
import type { WorkAreaPlugin } from '@fmea/sdk';
import { systemPlugin } from '@fmea/plugin-system';
import { personalPlugin } from '@fmea/plugin-personal';
import { dfmeaPlugin } from '@fmea/plugin-dfmea';
import { pfmeaPlugin } from '@fmea/plugin-pfmea';
import { ftaPlugin } from '@fmea/plugin-fta';
import { ewoPlugin } from '@fmea/plugin-ewo';
import { dvpPlugin } from '@fmea/plugin-dvp';
import { fmedaPlugin } from '@fmea/plugin-fmeda';
import { drbfmPlugin } from '@fmea/plugin-drbfm';
import { knowledgePlugin } from '@fmea/plugin-knowledge';
import { standardsPlugin } from '@fmea/plugin-standards';
import { masterDataPlugin } from '@fmea/plugin-masterdata';
import { experiencePlugin } from '@fmea/plugin-experience';
import { problemPlugin } from '@fmea/plugin-problem';
import { programPlugin } from '@fmea/plugin-program';
import { taskPlugin } from '@fmea/plugin-task';
import { reportPlugin } from '@fmea/plugin-report';
import { spcPlugin } from '@fmea/plugin-spc';

/** The one list of plugins the shell hosts; add a work area here. */
export const PLUGINS: readonly WorkAreaPlugin[] = [systemPlugin, personalPlugin, taskPlugin, dfmeaPlugin, pfmeaPlugin, fmedaPlugin, drbfmPlugin, dvpPlugin, ftaPlugin, spcPlugin, programPlugin, ewoPlugin, knowledgePlugin, standardsPlugin, masterDataPlugin, experiencePlugin, problemPlugin, reportPlugin];

/** Areas the shell renders itself (the home page). */
export const SHELL_AREAS: readonly AreaDefinition[] = [homeArea];

/** What the workbench serves: the shell's areas and every plugin's. */
export interface Hosted {
  readonly plugins: readonly WorkAreaPlugin[];
  readonly shellAreas: readonly AreaDefinition[];
}

export const HOSTED: Hosted = { plugins: PLUGINS, shellAreas: SHELL_AREAS };

export const hostedAreas = (hosted: Hosted): AreaDefinition[] => [...hosted.shellAreas, ...hosted.plugins.map((p) => p.area)];
