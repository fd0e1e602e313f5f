import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { api, FormError, notify, readServerError, refreshAppInfo } from '@fmea/sdk';

/** The watermark switch (issue #26): saved at once, and the shell draws or removes it right away. */
export function WatermarkPanel({ canEdit, watermark, onSaved }: { canEdit: boolean; watermark: boolean; onSaved: (watermark: boolean) => void }) {
  const { t } = useLingui();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // shown at once; back to the saved state if the server refuses
  const [shown, setShown] = useState(watermark);

  async function toggle(on: boolean) {
    setBusy(true);
    setError(null);
    setShown(on);
    try {
      const answer = await api.post('/api/replaceLogo/saveWatermark', { watermark: on });
      onSaved(answer.watermark ?? on);
      await refreshAppInfo();
      notify('success', on ? t`Watermark on` : t`Watermark off`);
    } catch (e) {
      setShown(watermark);
      setError(readServerError(e).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="sys-panel" aria-label={t`Watermark`} data-testid="watermark-settings">
      <h3>
        <Trans>Watermark</Trans>
      </h3>
      <p className="muted">
        <Trans>When on, every page of the workbench shows the signed-in user's name and the time, faintly, also on paper; clicks go through it.</Trans>
      </p>
      <label className="sys-check">
        <input type="checkbox" name="watermark" disabled={!canEdit || busy} checked={shown} onChange={(e) => void toggle(e.target.checked)} />
        <span>
          <Trans>Show the watermark</Trans>
        </span>
      </label>
      <FormError message={error} />
    </section>
  );
}
