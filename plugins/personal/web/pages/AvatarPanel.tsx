import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { api, Button, notify } from '@fmea/sdk';
import { cropToSquare, judgeAvatar, readImageSize, type AvatarVerdict } from './avatar-image.ts';

type Pending = { file: File; preview: string; verdict: Extract<AvatarVerdict, { kind: 'fixable' }> };

/** The avatar: shown, replaced by a 1:1 jpg/png picture (checked here first, then by the server). */
export function AvatarPanel({ avatar, displayName, onChanged }: { avatar: string | null; displayName: string; onChanged: (avatar: string) => void }) {
  const { t } = useLingui();
  const input = useRef<HTMLInputElement>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => () => (pending ? URL.revokeObjectURL(pending.preview) : undefined), [pending]);

  async function upload(file: File) {
    setBusy(true);
    setError(null);
    try {
      const saved = await api.upload('/api/user/updateUserImg', { file });
      setPending(null);
      notify('success', t`Avatar changed`);
      onChanged(saved.avatar);
    } catch (e) {
      // the server's own check (type by leading bytes, size, 1:1) speaks here
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  }

  async function choose(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    setError(null);
    setPending(null);
    const verdict = judgeAvatar(file, await readImageSize(file));
    if (verdict.kind === 'wrongType') return setError(t`Only jpg or png pictures can be used.`);
    if (verdict.kind === 'unreadable') return setError(t`This picture could not be read. Choose another jpg or png file.`);
    if (verdict.kind === 'fixable') return setPending({ file, preview: URL.createObjectURL(file), verdict });
    await upload(file);
  }

  async function fixAndUpload() {
    if (!pending) return;
    try {
      await upload(await cropToSquare(pending.file));
    } catch {
      setError(t`This picture could not be read. Choose another jpg or png file.`);
    }
  }

  const letter = displayName.slice(0, 1) || '?';
  const width = pending?.verdict.width ?? 0;
  const height = pending?.verdict.height ?? 0;
  return (
    <div className="avatar-panel" data-testid="avatar-panel">
      {pending ? (
        <img className="avatar-preview" src={pending.preview} alt={t`Chosen picture`} />
      ) : avatar ? (
        <img className="avatar avatar-large" src={api.href('/api/fileOperate/downloadFile', { fileName: avatar })} alt={t`Avatar`} data-testid="avatar-image" />
      ) : (
        <span className="avatar avatar-letter avatar-large" aria-hidden="true">
          {letter}
        </span>
      )}
      {pending ? (
        <div className="alert alert-warning" role="alert" data-testid="avatar-crop-prompt">
          {pending.verdict.notSquare ? (
            <Trans>
              The picture is {width} × {height} pixels; an avatar must be square (1:1).
            </Trans>
          ) : null}{' '}
          {pending.verdict.tooLarge ? <Trans>The picture is larger than 1 MB.</Trans> : null}
        </div>
      ) : null}
      {error ? (
        <div className="alert alert-error" role="alert" data-testid="avatar-error">
          {error}
        </div>
      ) : null}
      <div className="avatar-actions">
        {pending ? (
          <>
            <Button kind="primary" disabled={busy} onClick={() => void fixAndUpload()} data-testid="avatar-crop">
              {pending.verdict.notSquare ? <Trans>Crop to the centre square and upload</Trans> : <Trans>Shrink and upload</Trans>}
            </Button>
            <Button disabled={busy} onClick={() => setPending(null)}>
              <Trans>Cancel</Trans>
            </Button>
          </>
        ) : (
          <Button disabled={busy} onClick={() => input.current?.click()}>
            {busy ? <Trans>Uploading…</Trans> : <Trans>Change avatar</Trans>}
          </Button>
        )}
      </div>
      <input
        ref={input}
        type="file"
        accept=".jpg,.jpeg,.png,image/jpeg,image/png"
        className="visually-hidden"
        tabIndex={-1}
        aria-label={t`Choose an avatar picture`}
        onChange={(e) => void choose(e)}
        data-testid="avatar-input"
      />
      <div className="field-hint">
        <Trans>Square (1:1) jpg or png, at most 1 MB.</Trans>
      </div>
    </div>
  );
}
