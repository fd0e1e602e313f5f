import { InvalidInputError, type Issue } from '../../errors.ts';
import { assertNoIssues, checkText } from '../../domain/validation/index.ts';
import type { ServiceContext } from '../shared/context.ts';
import { writeSetting } from '../shared/settings.ts';
import { writeAndLog } from '../shared/write.ts';
import { getAppSettings, type AppSettings } from './seed.ts';

/** System names are short: they sit in the header next to the logo. */
export const SYSTEM_NAME_MAX = 50;

function nameIssues(value: unknown, field: 'sysName' | 'sysNameEn'): Issue[] {
  if (typeof value !== 'string' || value.trim() === '') return [{ messageKey: 'settings.system_name_required', field }];
  return checkText(value.trim(), { field, max: SYSTEM_NAME_MAX });
}

/**
 * Changes the system name (both languages), the logo address and/or the watermark switch. Names are
 * required (spec 000 §5) and trimmed; the change is logged with before/after.
 */
export async function setAppSettings(ctx: ServiceContext, changes: Partial<AppSettings>): Promise<AppSettings> {
  const issues: Issue[] = [];
  if (changes.sysName !== undefined) issues.push(...nameIssues(changes.sysName, 'sysName'));
  if (changes.sysNameEn !== undefined) issues.push(...nameIssues(changes.sysNameEn, 'sysNameEn'));
  if (changes.sysLogoUrl !== undefined && changes.sysLogoUrl !== null) issues.push(...checkText(changes.sysLogoUrl, { field: 'sysLogoUrl', max: 500 }));
  if (issues.length === 1 && issues[0]!.messageKey === 'settings.system_name_required') throw new InvalidInputError('settings.system_name_required');
  assertNoIssues(issues);
  return writeAndLog(ctx, async (tx) => {
    const before = await getAppSettings(tx);
    const after: AppSettings = {
      sysName: changes.sysName?.trim() ?? before.sysName,
      sysNameEn: changes.sysNameEn?.trim() ?? before.sysNameEn,
      sysLogoUrl: changes.sysLogoUrl === undefined ? before.sysLogoUrl : changes.sysLogoUrl,
      watermark: changes.watermark ?? before.watermark,
      defaultLocale: changes.defaultLocale === undefined ? before.defaultLocale : changes.defaultLocale,
      loginBackground: changes.loginBackground === undefined ? before.loginBackground : changes.loginBackground,
      homeBackground: changes.homeBackground === undefined ? before.homeBackground : changes.homeBackground,
    };
    await writeSetting(tx, 'app', after);
    return { result: after, log: { action: 'settings.app', entity: 'setting', entityId: 'app', before, after } };
  });
}
