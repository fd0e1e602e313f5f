/**
 * Every command area, registered in help order. A registration file imports
 * only commander, the CLI's context/i18n/ui and pure core modules; services
 * and the database are imported inside actions, so `fmea --help` and batch
 * commands start fast.
 */
import type { Command } from 'commander';
import { registerAp, type ApCommandDeps } from './ap/index.ts';

export type { ApRuleSource } from './ap/index.ts';

/** Replaceable collaborators, for tests and for the lead's later wiring. */
export type CommandDeps = ApCommandDeps;

export function registerCommands(program: Command, deps: CommandDeps = {}): void {
  registerAp(program, deps);
}
