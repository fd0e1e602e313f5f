import { useEffect, useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { api, Button, Field, FormError, type FormErrors, NO_ERRORS, notify, readServerError, refreshAppInfo, TextInput, useDirty, useLoad } from '@fmea/sdk';

/**
 * The translation service (docs/domain/administration.md "Translation"): off by default; on, the server
 * sends texts to the address named here and answers the translation flag with its result.
 */
export function TranslationPanel({ canEdit }: { canEdit: boolean }) {
  const { t } = useLingui();
  const saved = useLoad(() => api.get('/api/translation/settings'), []);
  const [draft, setDraft] = useState({ enabled: false, endpoint: '' });
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (saved.data) setDraft({ enabled: saved.data.enabled, endpoint: saved.data.endpoint ?? '' });
  }, [saved.data]);
  const dirty = Boolean(saved.data) && (draft.enabled !== saved.data?.enabled || draft.endpoint !== (saved.data?.endpoint ?? ''));
  useDirty(dirty);

  async function save(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setErrors(NO_ERRORS);
    try {
      saved.set(await api.post('/api/translation/saveSettings', { enabled: draft.enabled, endpoint: draft.endpoint.trim() || null }));
      // the forms' "Translate" buttons follow the switch at once
      void refreshAppInfo();
      notify('success', t`Translation service saved`);
    } catch (error) {
      setErrors(readServerError(error, ['endpoint']));
    } finally {
      setBusy(false);
    }
  }

  if (!saved.data) return saved.error ? <FormError message={saved.error} /> : null;
  return (
    <form noValidate className="sys-panel sys-translation" onSubmit={(e) => void save(e)} aria-label={t`Translation service`} data-testid="translation-settings">
      <h3>
        <Trans>Translation service</Trans>
      </h3>
      <p className="muted">
        <Trans>Off by default. When on, the translation button sends the text to this address (it gets q, source and target as JSON and answers result or translatedText) and fills in the answer.</Trans>
      </p>
      <label className="sys-check">
        <input type="checkbox" name="enabled" disabled={!canEdit} checked={draft.enabled} onChange={(e) => setDraft({ ...draft, enabled: e.target.checked })} />
        <span>
          <Trans>Translation on</Trans>
        </span>
      </label>
      <Field label={t`Translation service address`} error={errors.fields.endpoint} hint={t`An http or https address; a key the service needs goes in the address`}>
        {(id) => <TextInput id={id} name="endpoint" type="url" maxLength={500} disabled={!canEdit} value={draft.endpoint} onChange={(e) => setDraft({ ...draft, endpoint: e.target.value })} />}
      </Field>
      <FormError message={errors.message} />
      {canEdit ? (
        <Button kind="primary" type="submit" disabled={busy || !dirty}>
          <Trans>Save translation service</Trans>
        </Button>
      ) : null}
    </form>
  );
}
