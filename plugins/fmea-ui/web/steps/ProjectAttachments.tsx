import { useCallback, useEffect, useRef, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { api, Button, confirm, currentLocale, notifyError, onChangeNotice, type ApiData } from '@fmea/sdk';

/** An attachment; `fileName` is the stored file id the download takes. */
type Attachment = ApiData<'/api/project/attachments'>[number];

/** The server takes at most five files per call. */
const PER_CALL = 5;
const ACCEPT = '.pdf,.doc,.docx,.xls,.xlsx';

function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** The project's attachments (spec 001 §3): Excel, Word and PDF files shown at the end of the planning step. */
export function ProjectAttachments({ projectId, readOnly }: { projectId: string; readOnly: boolean }) {
  const { t } = useLingui();
  const [rows, setRows] = useState<Attachment[] | null>(null);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  const load = useCallback(async () => {
    try {
      setRows(await api.get('/api/project/attachments', { projectId }));
    } catch (error) {
      notifyError(error);
      setRows([]);
    }
  }, [projectId]);

  useEffect(() => {
    void load();
  }, [load]);

  // another member added or removed one
  useEffect(
    () =>
      onChangeNotice('fmeaChanged', (data) => {
        if (data.projectId === projectId && data.entity === 'attachment') void load();
      }),
    [projectId, load],
  );

  const add = async (files: File[]) => {
    if (files.length === 0) return;
    setBusy(true);
    try {
      const fileNames: string[] = [];
      for (const file of files) fileNames.push((await api.upload('/api/fileOperate/uploadSingleFile', { file, kind: 'attachment' })).fileName);
      for (let i = 0; i < fileNames.length; i += PER_CALL) {
        setRows(await api.post('/api/project/addAttachments', { projectId, fileNames: fileNames.slice(i, i + PER_CALL) }));
      }
    } catch (error) {
      notifyError(error);
      await load();
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };

  const download = async (row: Attachment) => {
    try {
      await api.download('/api/fileOperate/downloadFile', row.originalName, { fileName: row.fileName });
    } catch (error) {
      notifyError(error);
    }
  };

  const remove = async (row: Attachment) => {
    const name = row.originalName;
    if (!(await confirm({ title: t`Delete attachment`, message: t`Remove ${name} from this project?`, danger: true }))) return;
    try {
      await api.post('/api/project/deleteAttachment', { projectId, id: row.id });
    } catch (error) {
      notifyError(error);
    }
    await load();
  };

  return (
    <section className="dfmea-attachments" data-testid="dfmea-attachments" aria-label={t`Attachments`}>
      <h3>
        <Trans>Attachments</Trans>
      </h3>
      {readOnly ? null : (
        <div className="dfmea-toolbar">
          {/* a button in the user's language opens the chooser: the browser's own file box speaks the browser's language */}
          <Button disabled={busy} data-testid="dfmea-attachment-add" onClick={() => input.current?.click()}>
            <Trans>Add attachments</Trans>
          </Button>
          <input
            ref={input}
            type="file"
            multiple
            hidden
            accept={ACCEPT}
            disabled={busy}
            aria-label={t`Add attachments`}
            data-testid="dfmea-attachment-input"
            onChange={(e) => void add([...(e.target.files ?? [])])}
          />
          <small>
            <Trans>Excel, Word or PDF, up to 10 MB each</Trans>
          </small>
        </div>
      )}
      {rows === null ? (
        <div className="page-loading" aria-busy="true" />
      ) : rows.length === 0 ? (
        <p>
          <Trans>No attachments yet</Trans>
        </p>
      ) : (
        <table className="dfmea-table">
          <thead>
            <tr>
              <th>
                <Trans>Name</Trans>
              </th>
              <th>
                <Trans>Size</Trans>
              </th>
              <th>
                <Trans>Uploaded by</Trans>
              </th>
              <th>
                <Trans>Date</Trans>
              </th>
              <th>
                <Trans>Actions</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id} data-testid="dfmea-attachment">
                <td>{row.originalName}</td>
                <td>{formatSize(row.size)}</td>
                <td>{row.createdByName ?? ''}</td>
                <td>{new Date(row.createdAt).toLocaleString(currentLocale())}</td>
                <td>
                  <Button kind="link" onClick={() => void download(row)}>
                    <Trans>Download</Trans>
                  </Button>
                  {readOnly ? null : (
                    <Button kind="link" onClick={() => void remove(row)}>
                      <Trans>Delete</Trans>
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
