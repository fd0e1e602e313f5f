/** What the program pages read, named from the routes (the typed client's answers). */
import type { ApiData } from '@fmea/sdk';

export type ProgramRow = ApiData<'/api/program/list'>['items'][number];
export type ProgramDetail = ApiData<'/api/program/get'>;
export type ProgramPlan = ApiData<'/api/program/plan'>;
