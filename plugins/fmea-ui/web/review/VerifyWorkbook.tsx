import { useRef, useState } from 'react';
import { Trans } from '@lingui/react/macro';
import { api, Button, notifyError, type ApiData } from '@fmea/sdk';

type Verdict = ApiData<'/api/project/baseline/verify'>;

/**
 * "Is this the file we released?": a workbook chosen here is checked by the
 * server (its seal against its cells, its hash against the baselines) and the
 * verdict shown in the reader's language. Checked in this project: a file of
 * another project says whose it is. The same check as `fmea … verify --project`.
 */
export function VerifyWorkbook({ projectId }: { projectId: string }) {
  const input = useRef<HTMLInputElement>(null);
  const [verdict, setVerdict] = useState<Verdict | null>(null);
  const [busy, setBusy] = useState(false);
  const check = async (file: File) => {
    setBusy(true);
    setVerdict(null);
    try {
      setVerdict(await api.upload('/api/project/baseline/verify', { excelFile: file, projectId }));
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };
  return (
    <section className="dfmea-baseline-verify" data-testid="baseline-verify">
      <input
        ref={input}
        type="file"
        hidden
        accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        data-testid="baseline-verify-file"
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) void check(file);
        }}
      />
      <Button data-testid="baseline-verify-choose" disabled={busy} onClick={() => input.current?.click()}>
        <Trans>Verify an exported workbook…</Trans>
      </Button>
      {verdict ? (
        <p className={`dfmea-verdict dfmea-verdict-${verdict.outcome}`} role="status" data-testid="baseline-verdict" data-outcome={verdict.outcome}>
          {verdict.message}
        </p>
      ) : null}
    </section>
  );
}
