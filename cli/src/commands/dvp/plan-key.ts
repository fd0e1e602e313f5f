import type { ServiceContext } from '@fmea/core/services';

/** A plan named by its DP number or id, or by its DFMEA's number (the plan of that DFMEA): the plan's key for core. */
export async function planKeyOf(ctx: ServiceContext, given: string): Promise<string> {
  const { dvpPlanOf, getProjectBySerialNumber } = await import('@fmea/core/services');
  if (/^DP/i.test(given)) return given;
  try {
    const project = await getProjectBySerialNumber(ctx, given);
    return (await dvpPlanOf(ctx, project.id))?.id ?? given;
  } catch {
    return given;
  }
}
