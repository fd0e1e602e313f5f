import type { RiskGridRow } from '../../domain/fmea/index.ts';
import type { ReportProject } from '../../domain/report/index.ts';
import { streamRiskGrid } from '../fmea/grid.ts';
import { readDb, type ServiceContext } from '../shared/context.ts';
import { reportProject } from './access.ts';

/**
 * The FMEA form of a project of either side, to print (docs/decisions/report-printing.md): the risk grid's rows in
 * AIAG-VDA form order, as the grid rates them. The workbook of the form stays `fmea dfmea|pfmea export`.
 */
export interface FmeaForm {
  readonly project: ReportProject;
  readonly generatedAt: string;
  readonly rows: readonly RiskGridRow[];
}

export async function fmeaFormOf(ctx: ServiceContext, ref: string): Promise<FmeaForm> {
  const { project } = await reportProject(ctx, await readDb(ctx), ref);
  const rows: RiskGridRow[] = [];
  for await (const batch of streamRiskGrid(ctx, project.id)) rows.push(...batch);
  return {
    project: { id: project.id, serialNum: project.serialNum, name: project.name, projectType: project.projectType, reviewStatus: project.reviewStatus, versionLabel: project.versionLabel },
    generatedAt: ctx.now().toISOString(),
    rows,
  };
}
