import { useEffect, useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { api, Button, Field, FilePickerButton, FormError, type FormErrors, NO_ERRORS, notify, PageHeader, readServerError, refreshAppInfo, TextInput, useDirty, useLoad, usePermission } from '@fmea/sdk';
import { TranslationPanel } from './TranslationPanel.tsx';
import { WatermarkPanel } from './WatermarkPanel.tsx';
import { UserSettingsPanel } from './UserSettingsPanel.tsx';
import { BackgroundsPanel } from './BackgroundsPanel.tsx';
import '../../system.css';

const LOGO_TYPES = ['image/png', 'image/jpeg'];
const LOGO_MAX_BYTES = 1024 * 1024;

/** The size of a picture, to tell the user before uploading that it is not square. */
function imageSize(url: string): Promise<{ width: number; height: number }> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => resolve({ width: img.naturalWidth, height: img.naturalHeight });
    img.onerror = reject;
    img.src = url;
  });
}

/** App manager (spec 000 §5 "System name and logo are required"): system name in both languages, the logo, the watermark, the translation service. */
export default function AppManagerPage() {
  const { t } = useLingui();
  const canEdit = usePermission('system_app')('edit');
  const info = useLoad(() => api.post('/api/replaceLogo/getInfoByClient'), []);
  const [names, setNames] = useState({ sysName: '', sysNameEn: '' });
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [busy, setBusy] = useState(false);
  const [logo, setLogo] = useState<{ file: File; url: string; note: string | null } | null>(null);
  const [logoError, setLogoError] = useState<string | null>(null);
  const dirty = Boolean(info.data) && (names.sysName !== info.data?.sysName || names.sysNameEn !== info.data?.sysNameEn || logo !== null);
  useDirty(dirty);

  useEffect(() => {
    if (info.data) setNames({ sysName: info.data.sysName, sysNameEn: info.data.sysNameEn });
  }, [info.data]);
  useEffect(() => () => (logo ? URL.revokeObjectURL(logo.url) : undefined), [logo]);

  async function saveNames(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setErrors(NO_ERRORS);
    try {
      info.set(await api.post('/api/replaceLogo/saveSysName', { sysName: names.sysName.trim(), sysNameEn: names.sysNameEn.trim() }));
      await refreshAppInfo();
      notify('success', t`System name saved`);
    } catch (error) {
      setErrors(readServerError(error, ['sysName', 'sysNameEn']));
    } finally {
      setBusy(false);
    }
  }

  async function choose(file: File) {
    setLogoError(null);
    if (!LOGO_TYPES.includes(file.type)) return setLogoError(t`Choose a jpg or png picture`);
    const url = URL.createObjectURL(file);
    const { width, height } = await imageSize(url).catch(() => ({ width: 0, height: 0 }));
    const notes = [
      width !== height ? t`The picture is ${width}×${height}; the logo must be square.` : null,
      file.size > LOGO_MAX_BYTES ? t`The picture is larger than 1 MB.` : null,
    ].filter(Boolean);
    setLogo({ file, url, note: notes.length ? notes.join(' ') : null });
  }

  async function upload() {
    if (!logo) return;
    setBusy(true);
    setLogoError(null);
    try {
      const answer = await api.upload('/api/replaceLogo/replaceClientLogo', { file: logo.file });
      if (info.data) info.set({ ...info.data, sysLogoUrl: answer.sysLogoUrl });
      setLogo(null);
      await refreshAppInfo();
      notify('success', t`Logo replaced`);
    } catch (error) {
      setLogoError(readServerError(error).message);
    } finally {
      setBusy(false);
    }
  }

  if (!info.data) return <div className="page">{info.error ? <FormError message={info.error} /> : <div className="page-loading" aria-busy="true" />}</div>;
  const current = info.data.sysLogoUrl;

  return (
    <div className="page" data-testid="system-app">
      <PageHeader title={<Trans>App manager</Trans>} />
      <div className="sys-columns">
        <form noValidate className="sys-panel" onSubmit={(e) => void saveNames(e)} aria-label={t`System name`}>
          <h3>
            <Trans>System name</Trans>
          </h3>
          <Field label={t`Chinese name`} error={errors.fields.sysName} required>
            {(id) => <TextInput id={id} name="sysName" maxLength={50} disabled={!canEdit} value={names.sysName} onChange={(e) => setNames({ ...names, sysName: e.target.value })} />}
          </Field>
          <Field label={t`English name`} error={errors.fields.sysNameEn} required>
            {(id) => <TextInput id={id} name="sysNameEn" maxLength={50} disabled={!canEdit} value={names.sysNameEn} onChange={(e) => setNames({ ...names, sysNameEn: e.target.value })} />}
          </Field>
          <FormError message={errors.message} />
          {canEdit ? (
            <Button kind="primary" type="submit" disabled={busy || (names.sysName === info.data.sysName && names.sysNameEn === info.data.sysNameEn)}>
              <Trans>Save name</Trans>
            </Button>
          ) : null}
        </form>
        <section className="sys-panel" aria-label={t`Logo`}>
          <h3>
            <Trans>Logo</Trans>
          </h3>
          <div className="sys-logos">
            <figure>
              {current ? <img src={current} alt={t`Current logo`} className="sys-logo-preview" /> : <div className="sys-logo-preview logo-default">F</div>}
              <figcaption className="muted">{current ? t`Current logo` : t`Default logo`}</figcaption>
            </figure>
            {logo ? (
              <figure>
                <img src={logo.url} alt={t`New logo`} className="sys-logo-preview" data-testid="logo-preview" />
                <figcaption className="muted">{t`New logo (not saved yet)`}</figcaption>
              </figure>
            ) : null}
          </div>
          <p className="muted">
            <Trans>A square jpg or png picture of at most 1 MB.</Trans>
          </p>
          {logo?.note ? <div className="alert alert-warning">{logo.note}</div> : null}
          <FormError message={logoError} />
          {canEdit ? (
            <div className="page-actions">
              <FilePickerButton accept="image/png,image/jpeg" onFile={(f) => void choose(f)}>
                <Trans>Choose picture…</Trans>
              </FilePickerButton>
              {logo ? (
                <>
                  <Button kind="primary" disabled={busy} onClick={() => void upload()}>
                    <Trans>Upload logo</Trans>
                  </Button>
                  <Button onClick={() => setLogo(null)}>
                    <Trans>Cancel</Trans>
                  </Button>
                </>
              ) : null}
            </div>
          ) : null}
        </section>
      </div>
      <WatermarkPanel canEdit={canEdit} watermark={info.data.watermark ?? false} onSaved={(watermark) => info.data && info.set({ ...info.data, watermark })} />
      <UserSettingsPanel canEdit={canEdit} defaultLocale={info.data.defaultLocale ?? null} onSaved={(defaultLocale) => info.data && info.set({ ...info.data, defaultLocale })} />
      <BackgroundsPanel canEdit={canEdit} urls={info.data} onSaved={(urls) => info.data && info.set({ ...info.data, ...urls })} />
      <TranslationPanel canEdit={canEdit} />
    </div>
  );
}
