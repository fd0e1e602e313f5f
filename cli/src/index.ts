export { buildProgram, type ProgramOptions } from './program.ts';
export { runCli } from './run.ts';
export { contextOf, createContext, processIo, type CliContext, type GlobalOptions } from './context.ts';
export { describeError, EXIT_CODES, EXIT_SYSTEM, EXIT_USAGE, UsageError, type CliFailure, type CliIssue } from './errors.ts';
export { resolveLocale, translate, translateError, translator, type Locale, type Translate } from './i18n/index.ts';
export type { CliIo, Column, Output, OutputMode, Progress } from './ui/index.ts';
