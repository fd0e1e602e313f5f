import type { Command } from 'commander';
import { contextOf } from '../../context.ts';
import { registerUserAdd } from './add.ts';
import { registerUserDelete } from './delete.ts';
import { registerUserExport } from './export.ts';
import { registerUserImport } from './import.ts';
import { registerUserList } from './list.ts';
import { registerUserLock } from './lock.ts';
import { registerUserResetPassword } from './reset-password.ts';
import { registerUserSetRole } from './set-role.ts';
import { registerUserShow } from './show.ts';

/** `fmea user …`: accounts, roles, passwords, spreadsheet import and export. */
export function registerUser(program: Command): void {
  const { t } = contextOf(program);
  const user = program.command('user').description(t('cli.user.description'));
  registerUserAdd(user);
  registerUserList(user);
  registerUserShow(user);
  registerUserSetRole(user);
  registerUserResetPassword(user);
  registerUserLock(user);
  registerUserDelete(user);
  registerUserImport(user);
  registerUserExport(user);
}
