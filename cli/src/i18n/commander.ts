/**
 * commander writes its own messages in English. The CLI speaks one language
 * at a time, so its usage errors and the extra notes in help ("default: …",
 * "choices: …") are read back into their parts and said in the run's locale.
 * commander's wording is fixed per release (the package is pinned); a message
 * that matches none of these shapes is shown as commander wrote it, minus
 * its "error: " prefix, so nothing is ever lost.
 */
import type { Argument, CommanderError, Option } from 'commander';
import { translate, type Locale } from '@fmea/core/i18n';

type Reader = (match: RegExpMatchArray) => [key: string, params: Record<string, string | number>];

const SHAPES: Record<string, readonly (readonly [RegExp, Reader])[]> = {
  'commander.unknownOption': [[/^unknown option '(.+)'$/s, (m) => ['cli.commander.unknown_option', { option: m[1]! }]]],
  'commander.unknownCommand': [[/^unknown command '(.+)'$/s, (m) => ['cli.commander.unknown_command', { command: m[1]! }]]],
  'commander.missingArgument': [[/^missing required argument '(.+)'$/s, (m) => ['cli.commander.missing_argument', { argument: m[1]! }]]],
  'commander.optionMissingArgument': [[/^option '(.+)' argument missing$/s, (m) => ['cli.commander.option_missing_argument', { option: m[1]! }]]],
  'commander.missingMandatoryOptionValue': [[/^required option '(.+)' not specified$/s, (m) => ['cli.commander.required_option', { option: m[1]! }]]],
  'commander.excessArguments': [
    [
      /^too many arguments(?: for '(.+)')?\. Expected (\d+) arguments? but got (\d+)\.$/s,
      (m) => ['cli.commander.excess_arguments', { command: m[1] ?? 'fmea', expected: Number(m[2]), received: Number(m[3]) }],
    ],
  ],
  'commander.invalidArgument': [
    [
      /^option '(.+)' argument '(.*)' is invalid\. Allowed choices are (.+)\.$/s,
      (m) => ['cli.commander.invalid_choice', { option: m[1]!, value: m[2]!, choices: m[3]! }],
    ],
    [
      /^command-argument value '(.*)' is invalid for argument '(.+)'\. Allowed choices are (.+)\.$/s,
      (m) => ['cli.commander.invalid_choice', { option: m[2]!, value: m[1]!, choices: m[3]! }],
    ],
  ],
  'commander.conflictingOption': [[/^(.+) cannot be used with (.+)$/s, (m) => ['cli.commander.conflicting_option', { option: m[1]!, other: m[2]! }]]],
};

const SUGGESTION = /\n\(Did you mean (?:one of )?(.+)\?\)$/s;

/** commander's usage error in `locale`, with its "did you mean" hint. */
export function translateCommanderError(error: CommanderError, locale: Locale): string {
  let text = error.message.replace(/^error: /, '');
  const suggestion = text.match(SUGGESTION);
  if (suggestion) text = text.slice(0, suggestion.index);
  const said = sayShape(error.code, text, locale);
  if (said === undefined) return error.message.replace(/^error: /, '');
  return suggestion ? `${said}\n${translate(locale, 'cli.commander.did_you_mean', { names: suggestion[1]! })}` : said;
}

function sayShape(code: string, text: string, locale: Locale): string | undefined {
  for (const [shape, read] of SHAPES[code] ?? []) {
    const match = text.match(shape);
    if (match) {
      const [key, params] = read(match);
      return translate(locale, key, params);
    }
  }
  return undefined;
}

/** The note after an option's or argument's description in help, in `locale`: "(choices: …, default: …)". */
export function describeExtras(item: Option | Argument, locale: Locale): string {
  const extras: string[] = [];
  if (item.argChoices) extras.push(translate(locale, 'cli.help.choices', { choices: item.argChoices.map((c) => JSON.stringify(c)).join(', ') }));
  const option = 'flags' in item ? item : undefined;
  const showDefault = item.defaultValue !== undefined && (!option || option.required || option.optional || (option.isBoolean() && typeof item.defaultValue === 'boolean'));
  if (showDefault) extras.push(translate(locale, 'cli.help.default', { value: item.defaultValueDescription || JSON.stringify(item.defaultValue) }));
  if (option?.envVar !== undefined) extras.push(translate(locale, 'cli.help.env', { name: option.envVar }));
  if (extras.length === 0) return item.description;
  return translate(locale, 'cli.help.extras', { description: item.description, extras: extras.join(translate(locale, 'cli.help.extras_separator')) }).trim();
}
