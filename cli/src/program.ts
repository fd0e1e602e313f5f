/**
 * The commander program: global options, translated help, commander's errors
 * turned into exceptions (the runner prints them), and every command area.
 */
import { readFileSync } from 'node:fs';
import { Command, Option } from 'commander';
import { registerCommands, type CommandDeps } from './commands/index.ts';
import { attachContext, createContext, processIo, type GlobalOptions } from './context.ts';
import { describeExtras } from './i18n/commander.ts';
import { resolveLocale, type Locale } from './i18n/index.ts';
import type { CliIo } from './ui/index.ts';

export interface ProgramOptions {
  /** Streams and environment; the process's by default. */
  readonly io?: CliIo;
  /** Locale for help and messages; else from FMEA_LANG / LANG. */
  readonly locale?: Locale;
  /** Machine output; the runner reads `--json` from argv. */
  readonly json?: boolean;
  /** Replaceable collaborators (e.g. the AP rule source). */
  readonly deps?: CommandDeps;
}

const version = (
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

/** commander's colour rule (NO_COLOR, FORCE_COLOR, CLICOLOR_FORCE, else a colour terminal), on a run's own stream and environment. */
function hasColors(stream: CliIo['stdout'], env: NodeJS.ProcessEnv): boolean {
  if (env.NO_COLOR || env.FORCE_COLOR === '0' || env.FORCE_COLOR === 'false') return false;
  if (env.FORCE_COLOR || env.CLICOLOR_FORCE !== undefined) return true;
  return Boolean(stream.isTTY && (stream as { hasColors?: () => boolean }).hasColors?.());
}

export function buildProgram({ io = processIo(), locale, json = false, deps }: ProgramOptions = {}): Command {
  const program = new Command('fmea');
  const context = createContext({
    io,
    locale: locale ?? resolveLocale([], io.env),
    json,
    globals: () => program.opts<GlobalOptions>(),
  });
  attachContext(program, context);
  const { t } = context;

  const titles: Record<string, string> = {
    'Usage:': t('cli.help.usage'),
    'Arguments:': t('cli.help.arguments'),
    'Options:': t('cli.help.options'),
    'Global Options:': t('cli.help.global_options'),
    'Commands:': t('cli.help.commands'),
  };

  // settings first: subcommands copy them when they are created
  program
    .description(t('cli.program.description'))
    .version(version, '-V, --version', t('cli.help.option_version'))
    .helpOption('-h, --help', t('cli.help.option_help'))
    .helpCommand('help [command]', t('cli.help.command_help'))
    .configureHelp({
      showGlobalOptions: true,
      styleTitle: (title) => titles[title] ?? title,
      // "(default: …)" and "(choices: …)" in the run's language
      optionDescription: (option) => describeExtras(option, context.locale),
      argumentDescription: (argument) => describeExtras(argument, context.locale),
    })
    .configureOutput({
      writeOut: (text) => io.stdout.write(text),
      writeErr: (text) => io.stderr.write(text),
      // help is laid out for this run's streams and environment (commander would look at the process's)
      getOutHelpWidth: () => (io.stdout.isTTY && io.stdout.columns) || 80,
      getErrHelpWidth: () => (io.stderr.isTTY && io.stderr.columns) || 80,
      getOutHasColors: () => hasColors(io.stdout, io.env),
      getErrHasColors: () => hasColors(io.stderr, io.env),
      // the runner prints errors (text, Ink box or JSON), so commander stays quiet
      outputError: () => {},
    })
    .exitOverride()
    .addOption(new Option('--db <url>', t('cli.option.db')))
    .addOption(new Option('--json', t('cli.option.json')))
    .addOption(new Option('--lang <locale>', t('cli.option.lang')));

  registerCommands(program, deps);
  return program;
}
