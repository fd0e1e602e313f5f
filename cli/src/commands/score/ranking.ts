/**
 * `fmea score ranking [--site] [--department] [--from] [--to] [--page] [--limit]`: the user score ranking,
 * highest total first; people and places named in the CLI's language, grades too. JSON keeps the codes.
 */
import type { Command } from 'commander';
import type { ScoreRankingRow } from '@fmea/core/services';
import { contextOf } from '../../context.ts';
import { parseCount, parseTime } from '../../shared/options.ts';

interface RankingOptions {
  readonly site?: string;
  readonly department?: string;
  readonly from?: string;
  readonly to?: string;
  readonly page?: string;
  readonly limit: string;
}

export function registerScoreRanking(score: Command): void {
  const { t } = contextOf(score);
  score
    .command('ranking')
    .description(t('cli.score.ranking.description'))
    .option('--site <site>', t('cli.score.ranking.option_site'))
    .option('--department <department>', t('cli.score.ranking.option_department'))
    .option('--from <day>', t('cli.score.ranking.option_from'))
    .option('--to <day>', t('cli.score.ranking.option_to'))
    .option('--page <n>', t('cli.score.ranking.option_page'))
    .option('--limit <n>', t('cli.option.limit'), '20')
    .action(async (options: RankingOptions, command: Command) => {
      const context = contextOf(command);
      const { t: tr } = context;
      const query = { page: parseCount(options.page, '--page'), limit: parseCount(options.limit, '--limit'), from: parseTime(options.from, '--from'), to: parseTime(options.to, '--to', true) };
      const { findDepartment, findSite, scoreRanking } = await import('@fmea/core/services');
      const ctx = await context.services();
      const siteId = options.site ? (await findSite(ctx.db, options.site)).id : undefined;
      const departmentId = options.department ? (await findDepartment(ctx.db, options.department, siteId)).id : undefined;
      const page = await scoreRanking(ctx, { ...query, siteId, departmentId });
      const english = context.locale === 'en-US';
      const local = (zh: string | null, en: string | null) => (english && en ? en : zh) ?? '';
      await context.out.printTable<ScoreRankingRow>(
        page.items,
        [
          { header: tr('cli.score.field.rank'), value: 'rank', align: 'right' },
          { header: tr('cli.score.field.user'), value: 'userName' },
          { header: tr('cli.score.field.name'), value: (r) => local(r.realName, r.realNameEn) },
          { header: tr('cli.score.field.department'), value: (r) => local(r.departmentName, r.departmentNameEn) },
          { header: tr('cli.score.field.contribution'), value: 'contributionScore', align: 'right' },
          { header: tr('cli.score.field.activity'), value: 'activityScore', align: 'right' },
          { header: tr('cli.score.field.total'), value: 'totalScore', align: 'right' },
          { header: tr('cli.score.field.grade'), value: (r) => tr(`cli.score.grade.${r.grade}`) },
        ],
        page,
      );
    });
}
