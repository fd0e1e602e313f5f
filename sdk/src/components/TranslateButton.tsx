import { useState, type ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { ApiError } from '../api/client.ts';
import { api } from '../api/typed-client.ts';
import { useAppInfo } from '../shell/app-info.ts';
import { Button } from './form.tsx';

/**
 * "Translate" beside an English field (spec 000 §7 GET /translation/translation): fills it from its Chinese
 * twin through the administrator's translation service. Shown only while the app manager has the service on
 * (the app info says so); the refusals (empty source, service failing) are said in the user's language.
 */
export function TranslateButton({ source, onTranslated, disabled, target = 'en-US' }: { source: string; onTranslated: (text: string) => void; disabled?: boolean; target?: 'en-US' | 'zh-CN' }) {
  const { t } = useLingui();
  const { translation } = useAppInfo();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState('');
  if (!translation) return null;

  async function run() {
    setProblem('');
    // the server refuses it too; asking first would only cost a round trip
    if (!source.trim()) return setProblem(t`The content to translate cannot be empty`);
    setBusy(true);
    try {
      onTranslated((await api.get('/api/translation/translation', { desc: source.trim(), target })).result);
    } catch (error) {
      // the server's refusal is already in the reader's language; a lost connection is not
      setProblem(error instanceof ApiError && error.status >= 400 && error.status < 500 ? error.message : t`Translation went wrong; try again later`);
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <Button onClick={() => void run()} disabled={disabled || busy} data-testid="translate">
        {busy ? <Trans>Translating…</Trans> : <Trans>Translate</Trans>}
      </Button>
      {problem ? (
        <span className="translate-problem" role="alert">
          {problem}
        </span>
      ) : null}
    </>
  );
}

/** An input with its "Translate" button on one line. */
export function TranslateRow({ children }: { children: ReactNode }) {
  return <div className="translate-row">{children}</div>;
}
