import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { api, Field, FormError, notify, readServerError, refreshAppInfo, Select } from '@fmea/sdk';

type DefaultLocale = 'zh-CN' | 'en-US' | null;

/** The user setting (spec 000 §2.4, issue #26): the language the workbench opens in until a user picks one. Saved at once. */
export function UserSettingsPanel({ canEdit, defaultLocale, onSaved }: { canEdit: boolean; defaultLocale: DefaultLocale; onSaved: (value: DefaultLocale) => void }) {
  const { t } = useLingui();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function save(value: DefaultLocale) {
    setBusy(true);
    setError(null);
    try {
      onSaved((await api.post('/api/replaceLogo/saveUserSettings', { defaultLocale: value })).defaultLocale ?? null);
      await refreshAppInfo();
      notify('success', t`User setting saved`);
    } catch (e) {
      setError(readServerError(e).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="sys-panel" aria-label={t`User setting`} data-testid="user-settings">
      <h3>
        <Trans>User setting</Trans>
      </h3>
      <Field label={t`Default language`} hint={t`The language the workbench opens in until a user picks one in the header.`}>
        {(id) => (
          <Select
            id={id}
            name="defaultLocale"
            disabled={!canEdit || busy}
            value={defaultLocale ?? ''}
            onChange={(e) => void save((e.target.value || null) as DefaultLocale)}
            options={[
              { value: '', label: t`The browser's language` },
              { value: 'zh-CN', label: '简体中文' },
              { value: 'en-US', label: 'English' },
            ]}
          />
        )}
      </Field>
      <FormError message={error} />
    </section>
  );
}
