import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { api, ApiError, Button, Dialog, errorLines, Field, FilePickerButton, notify, Select, SPREADSHEET_ACCEPT } from '@fmea/sdk';

type Mode = 'dedupe' | 'cover';

/**
 * Imports a BOM sheet for a product (spec 001 §5: xls/xlsx up to 3 MB, one
 * file). A file with wrong rows is refused whole and its rows listed; the
 * user may then import the good rows. Columns no field takes are listed
 * too, and may be left out.
 */
export function BomImportDialog({ productId, hasBom, onClose, onImported }: { productId: string; hasBom: boolean; onClose: () => void; onImported: () => void }) {
  const { t } = useLingui();
  const [file, setFile] = useState<File | null>(null);
  const [mode, setMode] = useState<Mode>('dedupe');
  const [refusal, setRefusal] = useState<{ lines: string[]; kind: 'rows' | 'columns' | 'other' } | null>(null);
  const [busy, setBusy] = useState(false);

  const send = async (options: { goodRowsOnly?: boolean; acceptUnmapped?: boolean } = {}) => {
    if (!file) return;
    setBusy(true);
    try {
      const report = await api.upload('/api/mainData/bom/importData', {
        excelFile: file,
        productId,
        importWayType: mode,
        goodRowsOnly: `${options.goodRowsOnly === true}`,
        acceptUnmapped: `${options.acceptUnmapped === true}`,
      });
      const { bomNum, imported, skipped, replaced } = report;
      notify('success', t`BOM ${bomNum}: ${imported} parts imported, ${skipped} already there, ${replaced} replaced`);
      onImported();
    } catch (error) {
      const key = error instanceof ApiError ? error.messageKey : undefined;
      setRefusal({ lines: errorLines(error), kind: key === 'bom.import_invalid' ? 'rows' : key === 'import.columns_unmapped' ? 'columns' : 'other' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open
      width={640}
      onOpenChange={(open) => !open && onClose()}
      title={<Trans>Import BOM</Trans>}
      actions={
        <>
          <Button onClick={onClose}>
            <Trans>Cancel</Trans>
          </Button>
          {refusal?.kind === 'rows' ? (
            <Button data-testid="bom-import-good-rows" disabled={busy} onClick={() => void send({ goodRowsOnly: true })}>
              <Trans>Import the good rows only</Trans>
            </Button>
          ) : null}
          {refusal?.kind === 'columns' ? (
            <Button data-testid="bom-import-leave-out" disabled={busy} onClick={() => void send({ acceptUnmapped: true })}>
              <Trans>Leave them out and import</Trans>
            </Button>
          ) : null}
          <Button kind="primary" data-testid="bom-import-send" disabled={!file || busy} onClick={() => void send()}>
            <Trans>Import</Trans>
          </Button>
        </>
      }
    >
      <Field label={t`File`} hint={t`xls or xlsx, at most 3 MB; one file.`}>
        {() => (
          <div className="bom-file">
            <FilePickerButton accept={SPREADSHEET_ACCEPT} onFile={(f) => (setFile(f), setRefusal(null))}>
              <Trans>Choose file</Trans>
            </FilePickerButton>
            <span data-testid="bom-import-file">{file?.name ?? ''}</span>
          </div>
        )}
      </Field>
      {hasBom ? (
        <Field label={t`This product already has a BOM`}>
          {(id) => (
            <Select
              id={id}
              data-testid="bom-import-mode"
              value={mode}
              onChange={(e) => setMode(e.target.value as Mode)}
              options={[
                { value: 'dedupe', label: t`Add the parts it does not have yet` },
                { value: 'cover', label: t`Replace it with the file` },
              ]}
            />
          )}
        </Field>
      ) : null}
      {refusal ? (
        <div role="alert" className="form-error" data-testid="bom-import-problems">
          {refusal.lines.map((line, i) => (
            <div key={i}>{line}</div>
          ))}
        </div>
      ) : null}
    </Dialog>
  );
}
