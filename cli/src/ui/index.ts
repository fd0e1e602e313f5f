import type { Locale } from '../i18n/index.ts';
import { isCi } from './format.ts';
import { createJsonOutput } from './json.ts';
import { createPlainOutput } from './plain.ts';
import { createTtyOutput } from './tty.ts';
import type { CliIo, Output, OutputMode } from './types.ts';

export type { CliIo, Column, Output, OutputMode, Progress } from './types.ts';
export type { JsonDocument, JsonFailure, JsonSuccess } from './json.ts';
export { formatCell, formatDateTime } from './format.ts';

/** `--json` wins; Ink only for a real terminal outside CI; plain text otherwise. */
export function resolveOutputMode(io: CliIo, json: boolean): OutputMode {
  if (json) return 'json';
  if (io.stdout.isTTY && !isCi(io.env)) return 'tty';
  return 'plain';
}

export function createOutput(mode: OutputMode, io: CliIo, locale: Locale): Output {
  if (mode === 'json') return createJsonOutput(io, locale);
  if (mode === 'tty') return createTtyOutput(io, locale);
  return createPlainOutput(io, locale);
}
