import { useEffect, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { api, Button, Field, FilePickerButton, FormError, type FormErrors, ManualText, NO_ERRORS, notify, PageHeader, readServerError, TextArea, useDirty, useLoad, usePermission } from '@fmea/sdk';
import '../../system.css';

/** The working manual (spec 000 §2.4): text with a light markup and/or a PDF; the header's help entry opens it for everyone. */
export default function ManualPage() {
  const { t } = useLingui();
  const canEdit = usePermission('system_manual')('edit');
  const manual = useLoad(() => api.get('/api/manual/get'), []);
  const [text, setText] = useState('');
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [pdfError, setPdfError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useDirty(Boolean(manual.data) && text !== manual.data?.text);
  useEffect(() => {
    if (manual.data) setText(manual.data.text);
  }, [manual.data]);

  async function save(body: { text?: string; pdfFileId?: string | null }, done: string) {
    setBusy(true);
    try {
      manual.set(await api.post('/api/manual/save', body));
      notify('success', done);
      return true;
    } finally {
      setBusy(false);
    }
  }

  async function saveText() {
    setErrors(NO_ERRORS);
    await save({ text }, t`Working manual saved`).catch((e) => setErrors(readServerError(e, ['text'])));
  }

  async function uploadPdf(file: File) {
    setPdfError(null);
    try {
      const uploaded = await api.upload('/api/fileOperate/uploadSingleFile', { file, kind: 'attachment' });
      await save({ pdfFileId: uploaded.fileName }, t`PDF saved`);
    } catch (e) {
      setPdfError(readServerError(e).message);
    }
  }

  if (!manual.data) return <div className="page">{manual.error ? <FormError message={manual.error} /> : <div className="page-loading" aria-busy="true" />}</div>;
  const { pdfFileId, pdfName } = manual.data;
  return (
    <div className="page" data-testid="system-manual">
      <PageHeader title={<Trans>Working manual</Trans>} />
      <p className="muted">
        <Trans>Everyone who is signed in opens this manual from the help menu (?) in the header.</Trans>
      </p>
      <div className="sys-columns">
        <section className="sys-panel" aria-label={t`Text`}>
          <Field label={t`Text`} error={errors.fields.text} hint={t`A line starting with "# " is a heading, lines starting with "- " a list; a blank line starts a new paragraph.`}>
            {(id) => <TextArea id={id} name="manualText" rows={14} maxLength={20000} disabled={!canEdit} value={text} onChange={(e) => setText(e.target.value)} />}
          </Field>
          <FormError message={errors.message} />
          {canEdit ? (
            <Button kind="primary" disabled={busy || text === manual.data.text} onClick={() => void saveText()}>
              <Trans>Save text</Trans>
            </Button>
          ) : null}
        </section>
        <section className="sys-panel" aria-label={t`Preview`}>
          <h3>
            <Trans>Preview</Trans>
          </h3>
          {text.trim() ? <ManualText text={text} /> : <p className="muted">{t`No text yet.`}</p>}
          <h3>
            <Trans>PDF</Trans>
          </h3>
          {pdfFileId ? (
            <p>
              <a href={api.href('/api/fileOperate/downloadFile', { fileName: pdfFileId })} target="_blank" rel="noopener noreferrer" data-testid="manual-pdf">
                {pdfName ?? t`Manual (PDF)`}
              </a>
            </p>
          ) : (
            <p className="muted">{t`No PDF.`}</p>
          )}
          <p className="muted">
            <Trans>A PDF file of at most 10 MB.</Trans>
          </p>
          <FormError message={pdfError} />
          {canEdit ? (
            <div className="page-actions">
              <FilePickerButton accept="application/pdf,.pdf" onFile={(f) => void uploadPdf(f)}>
                {pdfFileId ? <Trans>Replace PDF…</Trans> : <Trans>Upload PDF…</Trans>}
              </FilePickerButton>
              {pdfFileId ? (
                <Button disabled={busy} onClick={() => void save({ pdfFileId: null }, t`PDF removed`).catch((e) => setPdfError(readServerError(e).message))}>
                  <Trans>Remove PDF</Trans>
                </Button>
              ) : null}
            </div>
          ) : null}
        </section>
      </div>
    </div>
  );
}
