/**
 * `fmea licence show` and `fmea licence trial --days N | --off`: the installation's licences
 * (the sites' seat counts, as the login page sums them) and the trial licence (docs/domain/licences.md).
 * The CLI acts as the system operator, an administrator: it is also the way back in when an expired
 * trial or a clock turned back refuses every sign-in.
 */
import type { Command } from 'commander';
import { contextOf } from '../../context.ts';
import { UsageError } from '../../errors.ts';

export function registerLicence(program: Command): void {
  const { t } = contextOf(program);
  const licence = program.command('licence').description(t('cli.licence.description'));

  const printTrial = (context: ReturnType<typeof contextOf>, trial: import('@fmea/core').TrialView | null) =>
    trial
      ? context.t(`cli.licence.trial.${trial.state}`, { days: trial.days, startedAt: trial.startedAt.slice(0, 10), endsAt: trial.endsAt.slice(0, 10), daysLeft: trial.daysLeft })
      : context.t('cli.licence.trial.none');

  licence
    .command('show')
    .description(t('cli.licence.show.description'))
    .action(async (_options: object, command: Command) => {
      const context = contextOf(command);
      const { getPasswordPolicy, licenceSummary, trialInfo } = await import('@fmea/core/services');
      const { db } = await context.database();
      const now = new Date();
      const summary = await licenceSummary(db, now, (await getPasswordPolicy(db)).idleLogoutMinutes);
      const trial = await trialInfo(db, now);
      const seats =
        summary.licensed === null
          ? context.t('cli.licence.seats.unlimited', { online: summary.online })
          : context.t('cli.licence.seats.limited', { licensed: summary.licensed, remaining: summary.remaining ?? 0, online: summary.online, unlimitedSites: summary.unlimitedSites });
      await context.out.printMessage(`${seats}\n${printTrial(context, trial)}`, { ...summary, trial });
    });

  licence
    .command('trial')
    .description(t('cli.licence.trial.description'))
    .option('--days <n>', t('cli.licence.trial.option_days'))
    .option('--off', t('cli.licence.trial.option_off'))
    .action(async (options: { days?: string; off?: boolean }, command: Command) => {
      const context = contextOf(command);
      if ((options.days === undefined) === !options.off) throw new UsageError('cli.licence.trial.days_or_off');
      const { setTrial } = await import('@fmea/core/services');
      const trial = await setTrial(await context.services(), { days: options.off ? null : Number(options.days) });
      await context.out.printMessage(printTrial(context, trial), trial);
    });
}
