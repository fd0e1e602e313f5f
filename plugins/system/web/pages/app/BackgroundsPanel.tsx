import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { api, Button, FilePickerButton, FormError, notify, readServerError, refreshAppInfo } from '@fmea/sdk';

type Which = 'login' | 'home';
type Urls = { loginBackgroundUrl?: string | null; homeBackgroundUrl?: string | null };
const MAX_BYTES = 2 * 1024 * 1024;

/** Login page and home page background pictures (issue #26): jpg or png up to 2 MB (spec 000 §9), any shape. */
export function BackgroundsPanel({ canEdit, urls, onSaved }: { canEdit: boolean; urls: Urls; onSaved: (urls: Urls) => void }) {
  const { t } = useLingui();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function save(which: Which, file: File | null) {
    setError(null);
    if (file && !['image/png', 'image/jpeg'].includes(file.type)) return setError(t`Choose a jpg or png picture`);
    if (file && file.size > MAX_BYTES) return setError(t`The picture is larger than 2 MB.`);
    setBusy(true);
    try {
      const fileName = file ? (await api.upload('/api/fileOperate/uploadFmeaImg', { file })).fileName : null;
      const answer = await api.post('/api/replaceLogo/saveBackground', { which, fileName });
      onSaved({ loginBackgroundUrl: answer.loginBackgroundUrl, homeBackgroundUrl: answer.homeBackgroundUrl });
      await refreshAppInfo();
      notify('success', t`Background saved`);
    } catch (e) {
      setError(readServerError(e).message);
    } finally {
      setBusy(false);
    }
  }

  const row = (which: Which, label: string, url: string | null | undefined) => (
    <figure className="sys-background" data-testid={`background-${which}`}>
      {url ? <img src={url} alt={label} className="sys-background-preview" /> : <div className="sys-background-preview muted">{t`No picture`}</div>}
      <figcaption>{label}</figcaption>
      {canEdit ? (
        <div className="page-actions">
          <FilePickerButton accept="image/png,image/jpeg" inputTestId={`background-${which}-input`} onFile={(f) => void save(which, f)}>
            <Trans>Choose picture…</Trans>
          </FilePickerButton>
          {url ? (
            <Button disabled={busy} onClick={() => void save(which, null)}>
              <Trans>Remove</Trans>
            </Button>
          ) : null}
        </div>
      ) : null}
    </figure>
  );

  return (
    <section className="sys-panel" aria-label={t`Background pictures`} data-testid="background-settings">
      <h3>
        <Trans>Background pictures</Trans>
      </h3>
      <p className="muted">
        <Trans>A jpg or png picture of at most 2 MB, any shape; it is scaled to cover the page.</Trans>
      </p>
      <div className="sys-logos">
        {row('login', t`Login page`, urls.loginBackgroundUrl)}
        {row('home', t`Home page`, urls.homeBackgroundUrl)}
      </div>
      <FormError message={error} />
    </section>
  );
}
