/**
 * What every `fmea kb …` command shares: the catalog type named on the
 * command line (by its id or its spec entity name), the `product` shortcut
 * that fixes it, and `--as <userName>` to act as one user instead of the CLI
 * operator. Every command works for every declared type: nothing here or in
 * the commands knows a type by name.
 */
import type { Command } from 'commander';
import { InvalidInputError } from '@fmea/core/errors';
import { CATALOG_TYPES, catalogEntity, type CatalogTypeDefinition } from '@fmea/core/domain';
import type { ServiceContext } from '@fmea/core/services';
import { contextOf, type CliContext } from '../../context.ts';

/**
 * Where a command is registered: under `fmea kb` (the type is the first
 * argument) or under a shortcut such as `fmea product` (the type is fixed and
 * the messages are the shortcut's).
 */
export interface KbScope {
  /** The fixed type id; absent: `<type>` is the first argument. */
  readonly type?: string;
  /** The key prefix of the commands' descriptions: `cli.kb` or `cli.product`. */
  readonly keys: string;
}

export const KB_SCOPE: KbScope = { keys: 'cli.kb' };

const declaredTypes = (): CatalogTypeDefinition[] => Object.values(CATALOG_TYPES);

/** "function, invalidMode, preventionMeasure (occMeasure), …": what an unknown type's message lists. */
export function knownTypeNames(): string {
  return declaredTypes()
    .map((type) => {
      const entity = catalogEntity(type);
      return entity !== type.id ? `${type.id} (${entity})` : type.id;
    })
    .join(', ');
}

/**
 * The declared type a name means: its id, else its entity name, exactly or
 * else in any case. An unknown name is refused with the list of known ones.
 */
export function resolveCatalogType(name: string): CatalogTypeDefinition {
  const wanted = name.trim();
  const types = declaredTypes();
  const lower = wanted.toLowerCase();
  // ids first: they are unique, entity names only within an area
  const found =
    types.find((type) => type.id === wanted) ??
    types.find((type) => catalogEntity(type) === wanted) ??
    types.find((type) => type.id.toLowerCase() === lower) ??
    types.find((type) => catalogEntity(type).toLowerCase() === lower);
  if (found) return found;
  throw new InvalidInputError('cli.kb.type_unknown', { type: wanted, known: knownTypeNames() });
}

/** A subcommand with its description from the scope, and `<type>` as its first argument unless the scope fixes the type. */
export function typedCommand(parent: Command, name: string, scope: KbScope): Command {
  const { t } = contextOf(parent);
  const command = parent.command(name).description(t(`${scope.keys}.${name}.description`));
  if (scope.type === undefined) command.argument('<type>', t('cli.kb.arg_type'));
  return command;
}

/** `--as <userName>`, for commands that read or write records. */
export function addAsOption(command: Command): Command {
  const { t } = contextOf(command);
  return command.option('--as <userName>', t('cli.kb.option_as'));
}

export interface TypedAction<O> {
  readonly context: CliContext;
  readonly type: CatalogTypeDefinition;
  /** The arguments after the type. */
  readonly args: readonly string[];
  readonly options: O;
}

/** commander's action arguments (positionals…, options, command) with the type taken from the first argument or the scope. */
export function typedAction<O>(scope: KbScope, run: (action: TypedAction<O>) => Promise<void>): (...argv: unknown[]) => Promise<void> {
  return async (...argv) => {
    const command = argv.at(-1) as Command;
    const options = argv.at(-2) as O;
    const positional = argv.slice(0, -2) as string[];
    const typeName = scope.type ?? positional.shift()!;
    await run({ context: contextOf(command), type: resolveCatalogType(typeName), args: positional, options });
  };
}

/**
 * The service context a command acts in: the CLI operator (an administrator,
 * as in every command), or with `--as` the named user, whose roles' buttons
 * and product types the catalog services then apply and whose name the logs
 * and the records carry.
 */
export async function actingContext(context: CliContext, as: string | undefined): Promise<ServiceContext> {
  const ctx = await context.services();
  if (as === undefined) return ctx;
  const { createContext, findUserRow } = await import('@fmea/core/services');
  const user = await findUserRow(ctx.db, as);
  return createContext(ctx.db, { userId: user.id, userName: user.userName }, ctx.now);
}
