/**
 * What a command gets to work with: the locale and translator, the one output,
 * the global options and the database, opened on first use and closed when
 * the run ends. Reach it from an action with `contextOf(command)`.
 */
import type { Command } from 'commander';
import type { Database } from '@fmea/core/db';
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
  /** Opens and migrates the database once per run; the runner closes it. */
  database(): Promise<Database>;
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

export function createContext({ io, locale, json, globals }: ContextOptions): CliContext {
  const t = translator(locale);
  const out = createOutput(resolveOutputMode(io, json), io, locale);
  const cleanups: (() => void | Promise<void>)[] = [];
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
    database() {
      database ??= (async () => {
        const { openDatabase, migrateDatabase } = await import('@fmea/core/db');
        const opened = await openDatabase(context.dbUrl);
        context.onClose(() => opened.close());
        await migrateDatabase(opened.db);
        return opened;
      })();
      return database;
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
