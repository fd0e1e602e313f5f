/** `--json`: collect what the command prints, write one document at the end. */
import { toFailure, type CliFailure } from '../errors.ts';
import type { Locale } from '../i18n/index.ts';
import type { CliIo, Output } from './types.ts';

export interface JsonFailure {
  readonly ok: false;
  readonly error: {
    readonly code: string;
    readonly message: string;
    readonly issues: readonly { message: string; messageKey?: string; field?: string; row?: number }[];
  };
}
export interface JsonSuccess<T = unknown> {
  readonly ok: true;
  readonly data: T;
}
export type JsonDocument<T = unknown> = JsonSuccess<T> | JsonFailure;

export function createJsonOutput(io: CliIo, locale: Locale): Output {
  const payloads: unknown[] = [];
  const messages: string[] = [];
  let failure: CliFailure | undefined;

  return {
    mode: 'json',
    async printTable(rows, _columns, data) {
      payloads.push(data === undefined ? rows : data);
    },
    async printRecord(record) {
      payloads.push(record);
    },
    async printLines(lines, data) {
      payloads.push(data === undefined ? lines : data);
    },
    async printMessage(text, data) {
      if (data === undefined) messages.push(text);
      else payloads.push(data);
    },
    async printNotice(text) {
      io.stderr.write(`${text}\n`);
    },
    async printError(error) {
      failure = toFailure(error, locale, io.env);
      if (failure.stack) io.stderr.write(`${failure.stack}\n`);
    },
    createProgress() {
      return { tick() {}, async done() {} };
    },
    async finish() {
      let document: JsonDocument;
      if (failure) {
        const { code, message, issues } = failure;
        document = { ok: false, error: { code, message, issues } };
      } else {
        const data =
          payloads.length === 1
            ? payloads[0]
            : payloads.length > 1
              ? payloads
              : messages.length > 0
                ? { message: messages.join('\n') }
                : null;
        document = { ok: true, data };
      }
      io.stdout.write(`${JSON.stringify(document)}\n`);
    },
  };
}
