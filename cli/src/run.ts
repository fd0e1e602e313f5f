/** One run of the CLI: parse, act, print the outcome, return the exit code. */
import { CommanderError } from 'commander';
import { contextOf, processIo } from './context.ts';
import { describeError, EXIT_USAGE, toFailure, type CliFailure } from './errors.ts';
import { isSupportedLanguage, langFlag, resolveLocale, unsupportedLanguageMessage } from './i18n/index.ts';
import type { CommandDeps } from './commands/index.ts';
import { buildProgram } from './program.ts';
import type { CliIo } from './ui/index.ts';

/** `--json` as a flag of this run (before any `--`), known before commander parses. */
function wantsJson(argv: readonly string[]): boolean {
  const end = argv.indexOf('--');
  return (end === -1 ? argv : argv.slice(0, end)).includes('--json');
}

/**
 * Runs `fmea <argv>` and resolves to the exit code; never exits the process.
 * `argv` excludes `node` and the script.
 */
export async function runCli(
  argv: readonly string[],
  { io = processIo(), deps }: { io?: CliIo; deps?: CommandDeps } = {},
): Promise<number> {
  const program = buildProgram({ io, locale: resolveLocale(argv, io.env), json: wantsJson(argv), deps });
  const context = contextOf(program);
  let code = 0;
  try {
    const lang = langFlag(argv);
    if (lang !== undefined && !isSupportedLanguage(lang)) {
      throw { code: 'usage', message: unsupportedLanguageMessage(lang), issues: [], exitCode: EXIT_USAGE } satisfies CliFailure;
    }
    await program.parseAsync([...argv], { from: 'user' });
  } catch (error) {
    if (error instanceof CommanderError && ['commander.helpDisplayed', 'commander.version', 'commander.help'].includes(error.code)) {
      // help or version already printed; `fmea ap` alone prints help and counts as a usage error
      await context.close();
      return error.exitCode === 0 ? 0 : EXIT_USAGE;
    }
    const failure = toFailure(error, context.locale, io.env);
    code = failure.exitCode;
    await context.out.printError(failure);
  }
  try {
    await context.close();
  } catch (error) {
    if (code === 0) {
      const failure = describeError(error, context.locale, io.env);
      code = failure.exitCode;
      await context.out.printError(failure);
    }
  }
  await context.out.finish();
  return code;
}
