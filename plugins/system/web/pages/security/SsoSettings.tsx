import type { FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { api, Field, FormError, type ApiData, TextInput, SettingsActions, usePermission, useSettingsDraft } from '@fmea/sdk';

type Sso = ApiData<'/api/security/getSso'>;
/** The secret is write-only: the field starts empty and is sent only when typed (or cleared on purpose). */
type Draft = Omit<Sso, 'clientSecretSet'> & { clientSecretSet: boolean; clientSecret: string; clearSecret: boolean };

const FIELDS = ['enabled', 'issuer', 'clientId', 'clientSecret', 'userNameClaim'];
const draftOf = (s: Sso): Draft => ({ ...s, clientSecret: '', clearSecret: false });

/** Single sign-on through OpenID Connect (docs/domain/sso.md), beside the password settings. */
export function SsoSettings() {
  const { t } = useLingui();
  const canEdit = usePermission('system_security')('edit');
  const editor = useSettingsDraft(() => api.get('/api/security/getSso'), draftOf);
  const { draft, setDraft, errors } = editor;
  const callback = `${window.location.origin}/api/sso/callback`;

  function submit(e: FormEvent) {
    e.preventDefault();
    void editor.save(
      ({ enabled, issuer, clientId, userNameClaim, clientSecret, clearSecret }) =>
        api.post('/api/security/saveSso', { enabled, issuer, clientId, userNameClaim, ...(clearSecret ? { clientSecret: '' } : clientSecret ? { clientSecret } : {}) }),
      { saved: t`Single sign-on settings saved`, fields: FIELDS },
    );
  }

  if (!draft) return editor.loaded.error ? <FormError message={editor.loaded.error} /> : null;
  const text = (key: 'issuer' | 'clientId' | 'userNameClaim' | 'clientSecret', label: string, hint?: string) => (
    <Field label={label} error={errors.fields[key]} hint={hint}>
      {(id) => (
        <TextInput
          id={id}
          name={key}
          type={key === 'clientSecret' ? 'password' : 'text'}
          autoComplete="off"
          value={draft[key]}
          disabled={!canEdit}
          onChange={(e) => (setDraft({ ...draft, [key]: e.target.value }), editor.clearError(key))}
        />
      )}
    </Field>
  );

  return (
    <form noValidate className="page" onSubmit={submit} aria-label={t`Single sign-on`} data-testid="system-sso">
      <fieldset className="sys-fieldset">
        <legend>
          <Trans>Single sign-on (OpenID Connect)</Trans>
        </legend>
        <label className="sys-check">
          <input type="checkbox" name="enabled" checked={draft.enabled} disabled={!canEdit} onChange={(e) => setDraft({ ...draft, enabled: e.target.checked })} />
          <span>
            <Trans>Sign users in through the company’s provider (the login page sends them there; /login2 keeps the password sign-in)</Trans>
          </span>
        </label>
        <div className="sys-form-grid">
          {text('issuer', t`Issuer URL`, t`The provider’s address, e.g. https://login.example.com/realms/company`)}
          {text('clientId', t`Client ID`)}
        </div>
        <div className="sys-form-grid">
          {text('clientSecret', t`Client secret`, draft.clientSecretSet ? t`A secret is stored; type a new one to replace it.` : t`No secret stored (a public client).`)}
          {text('userNameClaim', t`User name claim`, t`The claim whose value is the user’s account here, e.g. preferred_username`)}
        </div>
        {draft.clientSecretSet ? (
          <label className="sys-check">
            <input type="checkbox" name="clearSecret" checked={draft.clearSecret} disabled={!canEdit} onChange={(e) => setDraft({ ...draft, clearSecret: e.target.checked })} />
            <span>
              <Trans>Remove the stored secret</Trans>
            </span>
          </label>
        ) : null}
        <p className="field-hint" data-testid="sso-callback">
          <Trans>Register this redirect address at the provider: {callback}</Trans>
        </p>
      </fieldset>
      <SettingsActions editor={editor} canEdit={canEdit} />
      <FormError message={errors.message} />
    </form>
  );
}
