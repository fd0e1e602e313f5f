/**
 * Every command area, registered in help order. A registration file imports
 * only commander, the CLI's context/i18n/ui and pure core modules; services
 * and the database are imported inside actions, so `fmea --help` and batch
 * commands start fast.
 */
import type { Command } from 'commander';
import { registerAp, type ApCommandDeps } from './ap/index.ts';
import { registerBom } from './bom/index.ts';
import { registerCp } from './cp/index.ts';
import { registerDashboard } from './dashboard/index.ts';
import { registerWorkflow } from './workflow/index.ts';
import { registerMenu } from './menu/index.ts';
import { registerDb } from './db/index.ts';
import { registerDept } from './dept/index.ts';
import { registerDfmea } from './dfmea/index.ts';
import { registerDict } from './dict/index.ts';
import { registerFmeda } from './fmeda/index.ts';
import { registerDrbfm } from './drbfm/index.ts';
import { registerFta } from './fta/index.ts';
import { registerEwo } from './ewo/index.ts';
import { registerDvp } from './dvp/index.ts';
import { registerProgram } from './program/index.ts';
import { registerTask } from './task/index.ts';
import { registerKb } from './kb/index.ts';
import { registerLog } from './log/index.ts';
import { registerNumber } from './number/index.ts';
import { registerPfd } from './pfd/index.ts';
import { registerPfmea } from './pfmea/index.ts';
import { registerProblem } from './problem/index.ts';
import { registerProduct } from './product/index.ts';
import { registerRole } from './role/index.ts';
import { registerRules } from './rules/index.ts';
import { registerScore } from './score/index.ts';
import { registerReport } from './report/index.ts';
import { registerServe } from './serve/index.ts';
import { registerSite } from './site/index.ts';
import { registerSpc } from './spc/index.ts';
import { registerSso } from './sso/index.ts';
import { registerLicence } from './licence/index.ts';
import { registerField } from './field/index.ts';
import { registerTemplate } from './template/index.ts';
import { registerUser } from './user/index.ts';

export type { ApRuleSource } from './ap/index.ts';

/** Replaceable collaborators, for tests and for the lead's later wiring. */
export type CommandDeps = ApCommandDeps;

export function registerCommands(program: Command, deps: CommandDeps = {}): void {
  registerServe(program);
  registerDb(program);
  registerUser(program);
  registerRole(program);
  registerSite(program);
  registerDept(program);
  registerDict(program);
  registerRules(program);
  registerDashboard(program);
  registerWorkflow(program);
  registerMenu(program);
  registerSso(program);
  registerLicence(program);
  registerField(program);
  registerDfmea(program);
  registerPfmea(program);
  registerTemplate(program);
  registerPfd(program);
  registerCp(program);
  registerKb(program);
  registerProduct(program);
  registerBom(program);
  registerFmeda(program);
  registerDrbfm(program);
  registerFta(program);
  registerSpc(program);
  registerProblem(program);
  registerEwo(program);
  registerDvp(program);
  registerProgram(program);
  registerTask(program);
  registerAp(program, deps);
  registerNumber(program);
  registerLog(program);
  registerScore(program);
  registerReport(program);
}
