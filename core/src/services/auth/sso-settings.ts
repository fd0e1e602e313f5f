import type { Issue } from '../../errors.ts';
import { assertNoIssues, checkText } from '../../domain/validation/index.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { ServiceContext } from '../shared/context.ts';
import { readSetting, writeSetting } from '../shared/settings.ts';
import { writeAndLog } from '../shared/write.ts';
import { seal, unseal } from '../shared/secret-box.ts';

/**
 * Single sign-on through OpenID Connect (docs/domain/sso.md): the provider's
 * issuer, this product's client at it, and the claim that carries the user
 * name. Stored in one `setting` row, the client secret sealed with the
 * installation's key; the secret never leaves the server (answers and the
 * operation log say only whether one is set).
 */
export interface SsoSettings {
  enabled: boolean;
  issuer: string;
  clientId: string;
  clientSecret: string;
  userNameClaim: string;
}

/** What admins, the API and the CLI see: everything but the secret itself. */
export interface SsoSettingsView {
  enabled: boolean;
  issuer: string;
  clientId: string;
  clientSecretSet: boolean;
  userNameClaim: string;
}

export const SSO_SETTING_KEY = 'sso';
const DEFAULTS: SsoSettings = { enabled: false, issuer: '', clientId: '', clientSecret: '', userNameClaim: 'preferred_username' };
const CLAIM = /^[A-Za-z][A-Za-z0-9_.:-]*$/;

/** The purpose the stored client secret is sealed for (secret-box.ts). */
const SECRET_PURPOSE = 'setting:sso.clientSecret';

/**
 * The settings with the client secret opened. A secret that cannot be opened (the installation key
 * was lost or changed: docs/domain/sso.md) reads as not set, so the page asks for it again.
 */
export async function getSsoSettings(db: DbOrTx): Promise<SsoSettings> {
  const stored = await readSetting(db, SSO_SETTING_KEY, DEFAULTS);
  return { ...stored, clientSecret: stored.clientSecret ? (unseal(stored.clientSecret, SECRET_PURPOSE) ?? '') : '' };
}

/** The row as stored: the secret sealed with the installation's key (AES-256-GCM). */
const sealed = (s: SsoSettings): SsoSettings => ({ ...s, clientSecret: s.clientSecret ? seal(s.clientSecret, SECRET_PURPOSE) : '' });

export const viewSso = (s: SsoSettings): SsoSettingsView => ({
  enabled: s.enabled,
  issuer: s.issuer,
  clientId: s.clientId,
  clientSecretSet: s.clientSecret !== '',
  userNameClaim: s.userNameClaim,
});

/** An issuer is https, or plain http on this machine only (a provider on loopback, as the tests start one). */
export function isAllowedIssuer(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.search || url.hash || url.username || url.password) return false;
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
}

function issuesOf(next: SsoSettings, changes: Partial<SsoSettings>): Issue[] {
  const issues: Issue[] = [];
  if (changes.issuer !== undefined) {
    const text = checkText(changes.issuer, { field: 'issuer', max: 200 });
    issues.push(...text);
    if (!text.length && next.issuer !== '' && !isAllowedIssuer(next.issuer)) issues.push({ messageKey: 'sso.issuer_invalid', field: 'issuer', params: { field: 'issuer' } });
  }
  if (changes.clientId !== undefined) issues.push(...checkText(changes.clientId, { field: 'clientId', max: 200 }));
  if (changes.clientSecret !== undefined) issues.push(...checkText(changes.clientSecret, { field: 'clientSecret', max: 200 }));
  if (changes.userNameClaim !== undefined) {
    const text = checkText(changes.userNameClaim, { field: 'userNameClaim', max: 100, required: true });
    issues.push(...text);
    if (!text.length && !CLAIM.test(next.userNameClaim)) issues.push({ messageKey: 'sso.claim_invalid', field: 'userNameClaim', params: { field: 'userNameClaim' } });
  }
  if (next.enabled && !issues.length) {
    // switched on, the whole configuration must be there: a half-configured SSO would lock everyone out of the login page
    if (!next.issuer) issues.push({ messageKey: 'sso.required_when_enabled', field: 'issuer', params: { field: 'issuer' } });
    if (!next.clientId) issues.push({ messageKey: 'sso.required_when_enabled', field: 'clientId', params: { field: 'clientId' } });
  }
  return issues;
}

/**
 * Changes the SSO settings: send only what changes; an empty client secret
 * clears it (a public client), an absent one keeps it. Switching on needs an
 * issuer and a client id. Logged without the secret.
 */
export async function setSsoSettings(ctx: ServiceContext, changes: Partial<SsoSettings>): Promise<SsoSettingsView> {
  return writeAndLog(ctx, async (tx) => {
    const before = await getSsoSettings(tx);
    const trim = (v: string | undefined) => (typeof v === 'string' ? v.trim() : v);
    const next: SsoSettings = {
      enabled: changes.enabled ?? before.enabled,
      issuer: (trim(changes.issuer) ?? before.issuer).replace(/\/+$/, ''),
      clientId: trim(changes.clientId) ?? before.clientId,
      clientSecret: changes.clientSecret ?? before.clientSecret,
      userNameClaim: trim(changes.userNameClaim) ?? before.userNameClaim,
    };
    assertNoIssues(issuesOf(next, changes));
    await writeSetting(tx, SSO_SETTING_KEY, sealed(next));
    return { result: viewSso(next), log: { action: 'settings.sso', entity: 'setting', entityId: SSO_SETTING_KEY, before: viewSso(before), after: viewSso(next) } };
  });
}
