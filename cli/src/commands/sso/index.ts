/**
 * `fmea sso show` and `fmea sso set`: single sign-on through OpenID Connect (docs/domain/sso.md), as the
 * security page sets it. The client secret comes from stdin only (never argv, where `ps` shows it) and is
 * never printed: show says whether one is stored.
 */
import type { Command } from 'commander';
import { contextOf } from '../../context.ts';
import { readFirstLine } from '../../shared/options.ts';

interface SetOptions {
  issuer?: string;
  clientId?: string;
  claim?: string;
  secretStdin?: boolean;
  clearSecret?: boolean;
  on?: boolean;
  off?: boolean;
}

export function registerSso(program: Command): void {
  const { t } = contextOf(program);
  const sso = program.command('sso').description(t('cli.sso.description'));

  const print = async (context: ReturnType<typeof contextOf>, view: import('@fmea/core').SsoSettingsView) => {
    const yesNo = (value: boolean) => context.t(value ? 'cli.yes' : 'cli.no');
    const text = context.t('cli.sso.show.text', {
      enabled: yesNo(view.enabled),
      issuer: view.issuer || '–',
      clientId: view.clientId || '–',
      secret: yesNo(view.clientSecretSet),
      claim: view.userNameClaim,
    });
    await context.out.printMessage(text, view);
  };

  sso
    .command('show')
    .description(t('cli.sso.show.description'))
    .action(async (_options: object, command: Command) => {
      const context = contextOf(command);
      const { getSsoSettings, viewSso } = await import('@fmea/core/services');
      const { db } = await context.database();
      await print(context, viewSso(await getSsoSettings(db)));
    });

  sso
    .command('set')
    .description(t('cli.sso.set.description'))
    .option('--issuer <url>', t('cli.sso.set.option_issuer'))
    .option('--client-id <id>', t('cli.sso.set.option_client_id'))
    .option('--claim <name>', t('cli.sso.set.option_claim'))
    .option('--secret-stdin', t('cli.sso.set.option_secret_stdin'))
    .option('--clear-secret', t('cli.sso.set.option_clear_secret'))
    .option('--on', t('cli.sso.set.option_on'))
    .option('--off', t('cli.sso.set.option_off'))
    .action(async (options: SetOptions, command: Command) => {
      const context = contextOf(command);
      const { setSsoSettings } = await import('@fmea/core/services');
      const clientSecret = options.secretStdin ? await readFirstLine(context.io.stdin) : options.clearSecret ? '' : undefined;
      const enabled = options.off ? false : options.on ? true : undefined;
      const view = await setSsoSettings(await context.services(), { issuer: options.issuer, clientId: options.clientId, userNameClaim: options.claim, clientSecret, enabled });
      await print(context, view);
    });
}
