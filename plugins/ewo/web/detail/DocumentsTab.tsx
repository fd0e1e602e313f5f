import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { EWO_DOCUMENT_SIDES, type EwoDocumentSide } from '@fmea/core/domain';
import { api, Button, confirm, Field, FilePickerButton, FormDialog, formatDateTime, notifyError, Select, TextInput, useForm, type ApiData } from '@fmea/sdk';
import { options, useEwoLabels } from '../labels.ts';

type Ewo = ApiData<'/api/ewo/get'>;
type Doc = Ewo['documents'][number];

/**
 * The documents before and after the change, each a name at a version on an uploaded file (Excel, Word or PDF;
 * the file service limits type and size, and serves the file to the change's readers only).
 */
export function DocumentsTab({ ewo, onChanged }: { ewo: Ewo; onChanged: (saved: Ewo) => void }) {
  const { t, i18n } = useLingui();
  const labels = useEwoLabels();
  const [adding, setAdding] = useState<EwoDocumentSide | null>(null);

  const download = async (doc: Doc) => {
    try {
      await api.download('/api/fileOperate/downloadFile', doc.fileName, { fileName: doc.fileId });
    } catch (error) {
      notifyError(error);
    }
  };
  const remove = async (doc: Doc) => {
    const name = doc.docName;
    if (!(await confirm({ title: t`Remove document`, message: t`Remove ${name} from this change?`, danger: true }))) return;
    try {
      onChanged(await api.post('/api/ewo/documents/remove', { id: ewo.id, version: ewo.version, documentId: doc.id }));
    } catch (error) {
      notifyError(error);
    }
  };

  return (
    <div data-testid="ewo-tab-documents">
      {EWO_DOCUMENT_SIDES.map((side) => {
        const docs = ewo.documents.filter((d) => d.side === side);
        return (
          <section key={side} className="ewo-section" data-testid={`ewo-documents-${side}`}>
            <h3>
              {labels.side[side]}
              {ewo.can.edit ? (
                <Button data-testid={`ewo-document-add-${side}`} onClick={() => setAdding(side)}>
                  <Trans>Add document</Trans>
                </Button>
              ) : null}
            </h3>
            {docs.length === 0 ? (
              <p className="ewo-empty">
                <Trans>No documents.</Trans>
              </p>
            ) : (
              <table className="ewo-table">
                <thead>
                  <tr>
                    <th>{t`Document name`}</th>
                    <th>{t`Version`}</th>
                    <th>{t`File`}</th>
                    <th>{t`Added by`}</th>
                    {ewo.can.edit ? <th aria-label={t`Actions`} /> : null}
                  </tr>
                </thead>
                <tbody>
                  {docs.map((doc) => (
                    <tr key={doc.id} data-testid="ewo-document-row">
                      <td data-user-content>{doc.docName}</td>
                      <td data-user-content>{doc.docVersion}</td>
                      <td>
                        <Button kind="link" onClick={() => void download(doc)}>
                          <span data-user-content>{doc.fileName}</span>
                        </Button>
                      </td>
                      <td>
                        {doc.uploaderName ?? ''} · {formatDateTime(doc.createTime, i18n.locale)}
                      </td>
                      {ewo.can.edit ? (
                        <td>
                          <Button kind="link" onClick={() => void remove(doc)}>
                            <Trans>Remove</Trans>
                          </Button>
                        </td>
                      ) : null}
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </section>
        );
      })}
      {adding ? (
        <DocumentDialog
          ewo={ewo}
          side={adding}
          onClose={() => setAdding(null)}
          onSaved={(saved) => {
            setAdding(null);
            onChanged(saved);
          }}
        />
      ) : null}
    </div>
  );
}

interface Draft {
  docSide: EwoDocumentSide;
  docName: string;
  docVersion: string;
  file: File | null;
}

function DocumentDialog({ ewo, side, onClose, onSaved }: { ewo: Ewo; side: EwoDocumentSide; onClose: () => void; onSaved: (saved: Ewo) => void }) {
  const { t } = useLingui();
  const labels = useEwoLabels();
  const form = useForm<Draft, Ewo>({
    initial: { docSide: side, docName: '', docVersion: '', file: null },
    validate: (d) => ({
      fields: {
        docName: !d.docName.trim() && t`Document name: enter the document's name.`,
        docVersion: !d.docVersion.trim() && t`Document version: enter its version (A, B, 02…).`,
        file: !d.file && t`File: choose the document's file.`,
      },
    }),
    save: async (d) => {
      const uploaded = await api.upload('/api/fileOperate/uploadSingleFile', { file: d.file!, kind: 'attachment' });
      return api.post('/api/ewo/documents/add', { id: ewo.id, version: ewo.version, docSide: d.docSide, docName: d.docName.trim(), docVersion: d.docVersion.trim(), fileId: uploaded.fileName });
    },
    onSaved,
  });
  return (
    <FormDialog form={form} title={<Trans>Add document</Trans>} onClose={onClose} saveTestId="ewo-document-save">
      <Field label={<Trans>Before or after</Trans>} error={form.error('docSide')} required>
        {(id) => <Select id={id} value={form.draft.docSide} onChange={(e) => form.set('docSide', e.target.value as EwoDocumentSide)} options={options(labels.side)} />}
      </Field>
      <Field label={<Trans>Document name</Trans>} error={form.error('docName')} required>
        {(id) => <TextInput id={id} data-testid="ewo-document-name" maxLength={200} value={form.draft.docName} onChange={(e) => form.set('docName', e.target.value)} />}
      </Field>
      <Field label={<Trans>Document version</Trans>} error={form.error('docVersion')} required>
        {(id) => <TextInput id={id} data-testid="ewo-document-version" maxLength={20} value={form.draft.docVersion} onChange={(e) => form.set('docVersion', e.target.value)} />}
      </Field>
      <Field label={<Trans>File</Trans>} error={form.error('file') || form.error('fileId')} required hint={<Trans>Excel, Word or PDF, at most 10 MB.</Trans>}>
        {() => (
          <div className="ewo-file">
            <FilePickerButton accept=".xls,.xlsx,.doc,.docx,.pdf" inputTestId="ewo-document-file" onFile={(file) => form.set('file', file)}>
              <Trans>Choose file</Trans>
            </FilePickerButton>
            <span data-user-content>{form.draft.file?.name ?? ''}</span>
          </div>
        )}
      </Field>
    </FormDialog>
  );
}
