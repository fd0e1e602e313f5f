import type { CliFailure } from '../errors.ts';

/** The streams and environment of one run; tests can pass their own. */
export interface CliIo {
  readonly stdout: NodeJS.WritableStream & { isTTY?: boolean; columns?: number };
  readonly stderr: NodeJS.WritableStream & { isTTY?: boolean; columns?: number };
  readonly stdin: NodeJS.ReadableStream;
  readonly env: NodeJS.ProcessEnv;
}

/** `tty`: Ink rendering; `plain`: text for pipes and CI; `json`: one document on stdout. */
export type OutputMode = 'tty' | 'plain' | 'json';

export interface Column<Row> {
  /** Header text, already translated. */
  readonly header: string;
  /** The property to show, or a function computing the cell. */
  readonly value: (keyof Row & string) | ((row: Row) => unknown);
  readonly align?: 'left' | 'right';
}

export interface Progress {
  /** Advance by `n` (default 1). Cheap: call it per item. */
  tick(n?: number): void;
  /** Finish (shows 100%) and release the terminal. */
  done(): Promise<void>;
}

/**
 * The one way commands print. In `json` mode nothing is written until the
 * run ends; then exactly one document goes to stdout:
 * `{ ok: true, data }` or `{ ok: false, error: { code, message, issues } }`.
 * `data` is the payload of the single print call (table rows, record,
 * lines' data), an array of them if a command printed several, or
 * `{ message }` if it only printed messages.
 */
export interface Output {
  readonly mode: OutputMode;
  /**
   * Rows as a table (TTY), tab-separated lines with a header (plain), the raw
   * rows (JSON), or `data` in JSON when given (e.g. the whole page object).
   */
  printTable<Row extends object>(rows: readonly Row[], columns: readonly Column<Row>[], data?: unknown): Promise<void>;
  /** One object as label/value pairs; `labels` maps keys to translated labels. */
  printRecord(record: Readonly<Record<string, unknown>>, labels?: Readonly<Record<string, string>>): Promise<void>;
  /** Bare lines for scripts (one result per line); `data` is what JSON mode reports (default: the lines). */
  printLines(lines: readonly string[], data?: unknown): Promise<void>;
  /**
   * A translated sentence (success, confirmation) on stdout. In JSON mode
   * `data`, when given, is the payload (what was created or changed);
   * without it the sentence counts as a message only.
   */
  printMessage(text: string, data?: unknown): Promise<void>;
  /**
   * A translated one-time notice for the operator (a generated password),
   * on stderr in every mode, JSON included: it must never be lost and never
   * mix into stdout's data.
   */
  printNotice(text: string): Promise<void>;
  /**
   * A failure: a DomainError (translated, issues one per line), a commander or
   * usage error, anything else as a short "system error"; or an already
   * described `CliFailure`. Commands usually just throw; the runner calls this.
   */
  printError(error: unknown): Promise<void>;
  /** Progress on stderr (TTY bar, or `label 40%` lines); silent in JSON mode. */
  createProgress(label: string, total: number): Progress;
  /** Ends the run: JSON mode writes its document. Called by the runner, not by commands. */
  finish(): Promise<void>;
}
