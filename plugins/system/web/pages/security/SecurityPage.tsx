import type { FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { api, Field, FormError, type ApiData, PageHeader, TextInput, SettingsActions, usePermission, useSettingsDraft } from '@fmea/sdk';
import { SsoSettings } from './SsoSettings.tsx';
import '../../system.css';

type Policy = ApiData<'/api/security/getPolicy'>;

type NumberKey = { [K in keyof Policy]: Policy[K] extends number ? K : never }[keyof Policy];
type FlagKey = { [K in keyof Policy]: Policy[K] extends boolean ? K : never }[keyof Policy];
/** Numbers are edited as text so a half-typed value is not turned into 0. */
type Draft = Record<NumberKey, string> & Record<FlagKey, boolean>;

const NUMBERS: NumberKey[] = [
  'minLength',
  'maxLength',
  'historyCount',
  'maxWrongAttempts',
  'lockoutMinutes',
  'addressMaxFailures',
  'addressWindowMinutes',
  'idleLogoutMinutes',
  'expiryDays',
  'expiryWarningDays',
];
const FIELDS = [...NUMBERS, 'requireLower', 'requireUpper', 'requireDigit', 'requireSpecial', 'forbidSequences', 'forceChangeOnFirstLogin'];

const draftOf = (p: Policy): Draft => ({ ...p, ...Object.fromEntries(NUMBERS.map((k) => [k, String(p[k])])) }) as unknown as Draft;

/** Password and security settings (spec 000 §5 "Admin password settings"); the server checks them. */
export default function SecurityPage() {
  const { t } = useLingui();
  const canEdit = usePermission('system_security')('edit');
  const editor = useSettingsDraft(() => api.get('/api/security/getPolicy'), draftOf);
  const { draft, setDraft, errors } = editor;

  function submit(e: FormEvent) {
    e.preventDefault();
    void editor.save(
      (d) => {
        // a value that is not a number goes as typed, so the server's message names it
        const numbers = Object.fromEntries(NUMBERS.map((k) => [k, d[k].trim() !== '' && !Number.isNaN(Number(d[k])) ? Number(d[k]) : d[k]])) as Record<NumberKey, number>;
        return api.post('/api/security/savePolicy', { ...d, ...numbers });
      },
      { saved: t`Password and security settings saved`, fields: FIELDS, fieldOfKey: { 'password.policy.no_class_required': 'requireLower' } },
    );
  }

  if (!draft) {
    return <div className="page">{editor.loaded.error ? <FormError message={editor.loaded.error} /> : <div className="page-loading" aria-busy="true" />}</div>;
  }

  const number = (key: NumberKey, label: string, hint?: string) => (
    <Field label={label} error={errors.fields[key]} hint={hint}>
      {(id) => (
        <TextInput id={id} name={key} type="number" min={0} step={1} value={draft[key]} disabled={!canEdit} onChange={(e) => (setDraft({ ...draft, [key]: e.target.value }), editor.clearError(key))} />
      )}
    </Field>
  );
  const flag = (key: FlagKey, label: string) => (
    <label className="sys-check" key={key}>
      <input type="checkbox" name={key} checked={draft[key]} disabled={!canEdit} onChange={(e) => setDraft({ ...draft, [key]: e.target.checked })} />
      <span>{label}</span>
    </label>
  );
  const classError = ['requireLower', 'requireUpper', 'requireDigit', 'requireSpecial'].map((k) => errors.fields[k]).find(Boolean);

  return (
    <>
    <form noValidate className="page" onSubmit={submit} aria-label={t`Password and security`} data-testid="system-security">
      <PageHeader title={<Trans>Password and security</Trans>} actions={<SettingsActions editor={editor} canEdit={canEdit} />} />
      <div className="sys-form-sections">
        <fieldset className="sys-fieldset">
          <legend>
            <Trans>Password rules</Trans>
          </legend>
          <div className="sys-form-grid">
            {number('minLength', t`Minimum length`)}
            {number('maxLength', t`Maximum length`)}
          </div>
          <div className={classError ? 'field field-error' : 'field'}>
            <span className="sys-label">
              <Trans>Required character classes (at least one)</Trans>
            </span>
            <div className="checklist">
              {flag('requireLower', t`Lowercase letter`)}
              {flag('requireUpper', t`Uppercase letter`)}
              {flag('requireDigit', t`Digit`)}
              {flag('requireSpecial', t`Special character`)}
            </div>
            {classError ? <div className="field-message">{classError}</div> : null}
          </div>
          {flag('forbidSequences', t`No run of three consecutive letters or digits (abc, 123)`)}
          {number('historyCount', t`Recent passwords that may not be reused`, t`0 only refuses the current password.`)}
        </fieldset>
        <fieldset className="sys-fieldset">
          <legend>
            <Trans>Sign-in and sessions</Trans>
          </legend>
          <div className="sys-form-grid">
            {number('maxWrongAttempts', t`Wrong passwords in a row before the account locks`)}
            {number('lockoutMinutes', t`The lock lifts after minutes`, t`0: only an administrator unlocks. A lock set by an administrator never lifts by itself.`)}
          </div>
          <div className="sys-form-grid">
            {number('addressMaxFailures', t`Failed sign-ins per network address`, t`Then each further failure from that address is answered more slowly (1 s, doubling, up to 30 s); a right password is always accepted. 0: no throttle.`)}
            {number('addressWindowMinutes', t`Window of the address limit (minutes)`)}
          </div>
          {number('idleLogoutMinutes', t`Sign out after idle minutes`, t`0 never signs out an idle user.`)}
          {flag('forceChangeOnFirstLogin', t`Users must change their password at the first sign-in`)}
          <div className="sys-form-grid">
            {number('expiryDays', t`Password expires after days`, t`0: passwords never expire.`)}
            {number('expiryWarningDays', t`Warn days before expiry`)}
          </div>
        </fieldset>
      </div>
      <FormError message={errors.message} />
    </form>
    <SsoSettings />
    </>
  );
}
