/**
 * What a command gets to work with: the locale and translator, the one output,
 * the global options and the database, opened on first use and closed when
 * the run ends. Reach it from an action with `contextOf(command)`.
 */
import { userInfo } from 'node:os';
import type { Command } from 'commander';
import type { Database } from '@fmea/core/db';
import type { Operator, SeedResult, ServiceContext } from '@fmea/core/services';
import { translator, type Locale, type Translate } from './i18n/index.ts';
import { createOutput, resolveOutputMode, type CliIo, type Output } from './ui/index.ts';

export interface GlobalOptions {
  readonly db?: string;
  readonly json?: boolean;
  readonly lang?: string;
}

export interface CliContext {
  readonly io: CliIo;
  readonly locale: Locale;
  /** Translate a CLI or core message key in this run's locale. */
  readonly t: Translate;
  readonly out: Output;
  readonly json: boolean;
  /** `--db`, else DATABASE_URL, else undefined (core's default `file:./data/fmea.db`). */
  readonly dbUrl: string | undefined;
  /** Who the operation log names for this run's writes: `cli:<OS user>`. */
  readonly operator: Operator;
  /**
   * Opens the database once per run, migrates it and seeds what is missing
   * (core's `prepareDatabase`); prints the admin password once if that
   * created the admin with a generated one. The runner closes it.
   */
  database(): Promise<Database>;
  /** A core service context on this run's database, acting as `operator`. */
  services(): Promise<ServiceContext>;
  /** Prints the one-time notice of a seed that generated the admin password (stderr). */
  announceSeed(result: SeedResult): Promise<void>;
  /** All of stdin as text. */
  readStdin(): Promise<string>;
  /** Runs at the end of the run, after the command, in reverse order. */
  onClose(cleanup: () => void | Promise<void>): void;
  /** Called by the runner. */
  close(): Promise<void>;
}

export interface ContextOptions {
  readonly io: CliIo;
  readonly locale: Locale;
  readonly json: boolean;
  /** The parsed global options (commander's, read when needed). */
  readonly globals: () => GlobalOptions;
}

export function processIo(): CliIo {
  return { stdout: process.stdout, stderr: process.stderr, stdin: process.stdin, env: process.env };
}

/** `cli:<login name>`; the environment's user when the OS has no entry for the uid (containers). */
export function cliOperator(env: NodeJS.ProcessEnv): Operator {
  let name: string | undefined;
  try {
    name = userInfo().username;
  } catch {
    name = env.USER ?? env.USERNAME;
  }
  return { userId: null, userName: `cli:${name || 'unknown'}` };
}

export function createContext({ io, locale, json, globals }: ContextOptions): CliContext {
  const t = translator(locale);
  const out = createOutput(resolveOutputMode(io, json), io, locale);
  const cleanups: (() => void | Promise<void>)[] = [];
  const operator = cliOperator(io.env);
  let database: Promise<Database> | undefined;

  const context: CliContext = {
    io,
    locale,
    t,
    out,
    json,
    get dbUrl() {
      return globals().db ?? io.env.DATABASE_URL ?? undefined;
    },
    operator,
    database() {
      database ??= (async () => {
        const [{ openDatabase }, { createContext: serviceContext, prepareDatabase }] = await Promise.all([
          import('@fmea/core/db'),
          import('@fmea/core/services'),
        ]);
        const opened = await openDatabase(context.dbUrl);
        context.onClose(() => opened.close());
        const seeded = await prepareDatabase(opened.db, serviceContext(opened.db, operator), { adminPassword: io.env.ADMIN_PASSWORD || undefined });
        await context.announceSeed(seeded);
        return opened;
      })();
      return database;
    },
    async services() {
      const { db } = await context.database();
      const { createContext: serviceContext } = await import('@fmea/core/services');
      return serviceContext(db, operator);
    },
    async announceSeed(result) {
      if (result.generatedAdminPassword === undefined) return;
      const { ADMIN_USER_NAME } = await import('@fmea/core/services');
      await out.printNotice(t('cli.db.admin_created', { userName: ADMIN_USER_NAME, password: result.generatedAdminPassword }));
    },
    async readStdin() {
      io.stdin.setEncoding('utf8');
      let text = '';
      for await (const chunk of io.stdin) text += chunk as string;
      return text;
    },
    onClose(cleanup) {
      cleanups.push(cleanup);
    },
    async close() {
      while (cleanups.length > 0) await cleanups.pop()!();
    },
  };
  return context;
}

const contexts = new WeakMap<Command, CliContext>();

export function attachContext(program: Command, context: CliContext): void {
  contexts.set(program, context);
}

/** The run's context, from any command of the program (walks up to the root). */
export function contextOf(command: Command): CliContext {
  let root = command;
  while (root.parent) root = root.parent;
  const context = contexts.get(root);
  if (!context) throw new Error('command is not part of a program built by buildProgram()');
  return context;
}
