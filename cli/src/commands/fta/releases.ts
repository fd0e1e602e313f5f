/** `fmea fta releases <ftaNum> [--as <user>]`: a fault tree's releases, newest first, each with its frozen analysis (issue 23). */
import type { Command } from 'commander';
import { contextOf } from '../../context.ts';
import { actingContext, addAsOption } from '../kb/shared.ts';

export function registerFtaReleases(fta: Command): void {
  const { t } = contextOf(fta);
  const command = fta.command('releases').description(t('cli.fta.releases.description')).argument('<ftaNum>', t('cli.fta.releases.argument_tree'));
  addAsOption(command).action(async (tree: string, options: { as?: string }, cmd: Command) => {
    const context = contextOf(cmd);
    const { listFtaReleases } = await import('@fmea/core/services');
    const releases = await listFtaReleases(await actingContext(context, options.as), tree);
    const tr = context.t;
    await context.out.printTable(
      releases.map((r) => ({
        release: r.releaseNum,
        releasedAt: r.releasedAt.toISOString(),
        releasedBy: r.releasedByName ?? '',
        exact: r.result.probability.exact.toPrecision(6),
        cutSets: r.result.cutSetCount ?? '',
        missionTime: r.result.missionTime,
        revokedAt: r.revokedAt?.toISOString() ?? '',
      })),
      [
        { value: 'release', header: tr('cli.fta.releases.column_release'), align: 'right' },
        { value: 'releasedAt', header: tr('cli.fta.releases.column_released_at') },
        { value: 'releasedBy', header: tr('cli.fta.releases.column_released_by') },
        { value: 'exact', header: tr('cli.fta.releases.column_probability'), align: 'right' },
        { value: 'cutSets', header: tr('cli.fta.releases.column_cut_sets'), align: 'right' },
        { value: 'missionTime', header: tr('cli.fta.releases.column_mission_time'), align: 'right' },
        { value: 'revokedAt', header: tr('cli.fta.releases.column_revoked_at') },
      ],
      releases,
    );
  });
}
