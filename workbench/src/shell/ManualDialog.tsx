import { useEffect, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { api, Dialog, FormError, ManualText, readServerError } from '@fmea/sdk';

type Manual = { text: string; pdfFileId: string | null; pdfName: string | null };

/** The working manual (System → Working manual), opened from the header's help menu by every signed-in user. */
export function ManualDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useLingui();
  const [manual, setManual] = useState<Manual | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!open) return;
    setError(null);
    api.get('/api/manual/get').then(setManual, (e) => setError(readServerError(e).message));
  }, [open]);
  const empty = manual && !manual.text.trim() && !manual.pdfFileId;
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t`Working manual`}>
      <div data-testid="manual-dialog" className="manual-dialog">
        <FormError message={error} />
        {empty ? (
          <p className="muted">
            <Trans>The administrators have not written a working manual yet.</Trans>
          </p>
        ) : null}
        {manual?.text.trim() ? <ManualText text={manual.text} /> : null}
        {manual?.pdfFileId ? (
          <p>
            <a href={api.href('/api/fileOperate/downloadFile', { fileName: manual.pdfFileId })} target="_blank" rel="noopener noreferrer">
              {manual.pdfName ?? t`Manual (PDF)`}
            </a>
          </p>
        ) : null}
      </div>
    </Dialog>
  );
}
