/** What the program pages read, named from the routes (the typed client's answers). */
import type { ApiData } from '@fmea/sdk';

export type ProgramRow = ApiData<'/api/program/list'>['items'][number];
export type ProgramPlan = ApiData<'/api/program/plan'>;
export type ProgramDetail = ProgramPlan['program'];
export type PlanChange = ApiData<'/api/program/reschedule'>;
