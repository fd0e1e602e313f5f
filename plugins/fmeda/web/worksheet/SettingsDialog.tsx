import { useLingui } from '@lingui/react/macro';
import { api, FormDialog, useForm, type ApiData } from '@fmea/sdk';
import { SettingsFields, settingsBody, settingsDraft, type SettingsDraft } from '../settings-fields.tsx';

type Fmeda = ApiData<'/api/fmeda/worksheet'>;

/** The standard the FMEDA is judged by, its target and the safety goal (POST /api/fmeda/saveSettings). */
export function SettingsDialog({ view, onClose, onSaved }: { view: Fmeda; onClose: () => void; onSaved: (view: Fmeda) => void }) {
  const { t } = useLingui();
  const form = useForm<SettingsDraft, Fmeda>({
    initial: settingsDraft(view.settings),
    save: (d) => api.post('/api/fmeda/saveSettings', { projectId: view.projectId, version: view.version, ...settingsBody(d) }),
    onSaved: (next) => onSaved(next),
  });
  return (
    <FormDialog form={form} title={t`Standard and target`} width={560} onClose={onClose} saveTestId="fmeda-settings-save">
      <SettingsFields form={form} />
    </FormDialog>
  );
}
