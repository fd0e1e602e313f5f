import { Fragment, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Tabs } from 'radix-ui';
import { Trans, useLingui } from '@lingui/react/macro';
import { api, type ApiData } from '../../api/typed-client.ts';
import { ApiError } from '../../api/client.ts';
import { Button, EmptyState } from '../form.tsx';
import { Drawer } from '../Drawer.tsx';
import { confirm, notifyError } from '../feedback.tsx';
import { formatDateTime } from '../../i18n/format.ts';
import type { RowRef } from './context.tsx';
import { useFieldLabels } from './field-labels.ts';

type Comment = ApiData<'/api/fmea/comments'>['items'][number];
type HistoryEntry = ApiData<'/api/fmea/rowHistory'>[number];
type UserOption = ApiData<'/api/user/list'>[number];

const BODY_MAX = 200;

/** The side panel of one row: its comment thread (write, reply, @mention, delete your own) and its change history. */
export function RowPanel({ projectId, row, onClose, onChanged }: { projectId: string; row: RowRef; onClose: () => void; onChanged: () => void }) {
  const { t } = useLingui();
  const [tab, setTab] = useState('comments');
  // the marker knows what its row says; a link does not, the thread's answer does
  const [rowText, setRowText] = useState<string | null>(null);
  // opened from a link the row's text is not known here: its kind names it
  const kindLabel: Record<RowRef['kind'], string> = {
    node: t`Structure node`,
    function: t`Function`,
    characteristic: t`Characteristic`,
    failure: t`Failure`,
    failureLink: t`Failure link`,
    control: t`Control`,
    action: t`Optimisation action`,
    interface: t`Interface`,
    controlPlanLine: t`Control plan line`,
  };
  return (
    <Drawer title={row.label || rowText || (kindLabel[row.kind] ?? row.kind)} width={440} className="row-panel" testId="row-panel" onClose={onClose}>
          <Tabs.Root value={tab} onValueChange={setTab}>
            <Tabs.List className="dfmea-tab-list" aria-label={t`Discussion and history`}>
              <Tabs.Trigger value="comments" className="dfmea-tab" data-testid="row-panel-comments-tab">
                <Trans>Comments</Trans>
              </Tabs.Trigger>
              <Tabs.Trigger value="history" className="dfmea-tab" data-testid="row-panel-history-tab">
                <Trans>History</Trans>
              </Tabs.Trigger>
            </Tabs.List>
            <Tabs.Content value="comments">{tab === 'comments' ? <Thread projectId={projectId} row={row} onChanged={onChanged} onRowText={setRowText} /> : null}</Tabs.Content>
            <Tabs.Content value="history">{tab === 'history' ? <History projectId={projectId} row={row} /> : null}</Tabs.Content>
          </Tabs.Root>
    </Drawer>
  );
}

/** The project's members as mention choices (the user list narrowed to the team). */
function useMembers(projectId: string): UserOption[] {
  const [members, setMembers] = useState<UserOption[]>([]);
  useEffect(() => {
    let live = true;
    Promise.all([api.get('/api/project/selectProjectById', { projectId }), api.get('/api/user/list', { limit: 500 })]).then(
      ([project, users]) => {
        const ids = new Set(project.projectMembers.map((m) => m.userId));
        if (live) setMembers(users.filter((u) => ids.has(u.id)));
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [projectId]);
  return members;
}

/** The `@word` being typed just before the caret, or null. */
function mentionAt(text: string, caret: number): { start: number; query: string } | null {
  const before = text.slice(0, caret);
  const match = /@([^\s@]*)$/u.exec(before);
  return match ? { start: caret - match[0].length, query: match[1]!.toLowerCase() } : null;
}

function Thread({ projectId, row, onChanged, onRowText }: { projectId: string; row: RowRef; onChanged: () => void; onRowText: (text: string | null) => void }) {
  const { t, i18n } = useLingui();
  const [comments, setComments] = useState<Comment[] | null>(null);
  const [body, setBody] = useState('');
  const [replyTo, setReplyTo] = useState<Comment | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [mention, setMention] = useState<{ start: number; query: string } | null>(null);
  const box = useRef<HTMLTextAreaElement>(null);
  const members = useMembers(projectId);

  const load = useCallback(async () => {
    try {
      const thread = await api.get('/api/fmea/comments', { projectId, rowKind: row.kind, rowId: row.id });
      setComments(thread.items);
      onRowText(thread.rowText);
    } catch (e) {
      setComments([]);
      notifyError(e);
    }
  }, [projectId, row.kind, row.id, onRowText]);
  useEffect(() => {
    void load();
  }, [load]);

  const choices = useMemo(
    () => (mention ? members.filter((m) => m.userName.toLowerCase().includes(mention.query) || (m.realName ?? '').toLowerCase().includes(mention.query)).slice(0, 8) : []),
    [members, mention],
  );

  const pick = (u: UserOption) => {
    if (!mention) return;
    const caret = box.current?.selectionStart ?? body.length;
    const next = `${body.slice(0, mention.start)}@${u.userName} ${body.slice(caret)}`;
    setBody(next);
    setMention(null);
    box.current?.focus();
  };

  const send = async () => {
    if (body.trim() === '') {
      setError(t`Write a comment first.`);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await api.post('/api/fmea/addComment', { projectId, rowKind: row.kind, rowId: row.id, body: body.trim(), replyTo: replyTo?.id ?? null });
      setBody('');
      setReplyTo(null);
      await load();
      onChanged();
    } catch (e) {
      if (e instanceof ApiError) setError(e.message);
      else notifyError(e);
    } finally {
      setBusy(false);
    }
  };

  const remove = async (c: Comment) => {
    if (!(await confirm({ title: t`Delete comment`, message: t`Delete this comment?`, danger: true }))) return;
    try {
      await api.post('/api/fmea/deleteComment', { id: c.id });
      await load();
      onChanged();
    } catch (e) {
      notifyError(e);
    }
  };

  const byId = new Map((comments ?? []).map((c) => [c.id, c]));
  return (
    <div className="row-thread" data-testid="row-thread">
      {comments === null ? <div className="page-loading" aria-busy="true" /> : null}
      {comments && comments.length === 0 ? <EmptyState title={t`No comments on this row yet`} /> : null}
      <ul className="row-thread-list">
        {(comments ?? []).map((c) => (
          <li key={c.id} className={c.replyTo ? 'row-comment is-reply' : 'row-comment'} data-testid="row-comment">
            <div className="row-comment-head">
              <strong>{c.authorName}</strong> <small className="muted">{formatDateTime(c.createdAt, i18n.locale)}</small>
            </div>
            {c.replyTo && byId.get(c.replyTo) ? (
              <div className="muted row-comment-quote">
                <Trans>Reply to {byId.get(c.replyTo)!.authorName}</Trans>
              </div>
            ) : null}
            <div className="row-comment-body" data-user-content>
              <CommentBody body={c.body} mentions={c.mentions} />
            </div>
            <div className="row-comment-actions">
              <Button kind="link" onClick={() => setReplyTo(c)}>
                <Trans>Reply</Trans>
              </Button>
              {c.canDelete ? (
                <Button kind="link" onClick={() => void remove(c)}>
                  <Trans>Delete</Trans>
                </Button>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
      <div className="row-thread-box">
        {replyTo ? (
          <div className="muted">
            <Trans>Replying to {replyTo.authorName}</Trans>{' '}
            <Button kind="link" onClick={() => setReplyTo(null)}>
              <Trans>Cancel reply</Trans>
            </Button>
          </div>
        ) : null}
        <textarea
          ref={box}
          className="input"
          rows={3}
          maxLength={BODY_MAX}
          value={body}
          aria-label={t`Comment`}
          placeholder={t`Write a comment; @ mentions a team member`}
          data-testid="row-comment-input"
          onChange={(e) => {
            setBody(e.target.value);
            setMention(mentionAt(e.target.value, e.target.selectionStart));
          }}
          onKeyDown={(e) => {
            if (e.key === 'Escape' && mention) {
              e.stopPropagation();
              setMention(null);
            }
          }}
        />
        {choices.length > 0 ? (
          <ul className="menu row-mention-list" role="listbox" aria-label={t`Team members`} data-testid="row-mention-list">
            {choices.map((u) => (
              <li key={u.id} role="option" aria-selected={false} className="menu-item" onMouseDown={(e) => e.preventDefault()} onClick={() => pick(u)}>
                {u.realName ? `${u.realName} (@${u.userName})` : `@${u.userName}`}
              </li>
            ))}
          </ul>
        ) : null}
        {error ? (
          <div className="form-error" role="alert" data-testid="row-comment-error">
            {error}
          </div>
        ) : null}
        <div className="row-thread-send">
          <small className="muted">
            {body.length}/{BODY_MAX}
          </small>
          <Button kind="primary" disabled={busy} onClick={() => void send()} data-testid="row-comment-send">
            <Trans>Send</Trans>
          </Button>
        </div>
      </div>
    </div>
  );
}

function History({ projectId, row }: { projectId: string; row: RowRef }) {
  const { t, i18n } = useLingui();
  const labels = useFieldLabels();
  const [entries, setEntries] = useState<HistoryEntry[] | null>(null);
  useEffect(() => {
    api.get('/api/fmea/rowHistory', { projectId, rowKind: row.kind, rowId: row.id }).then(
      (rows) => setEntries([...rows].reverse()),
      (e: unknown) => {
        setEntries([]);
        notifyError(e);
      },
    );
  }, [projectId, row.kind, row.id]);
  if (entries === null) return <div className="page-loading" aria-busy="true" />;
  if (entries.length === 0) return <EmptyState title={t`No recorded changes`} />;
  const show = (value: string | null) => value ?? '—';
  // references to other rows (parent, function, cause …) say nothing to a reader; the responsible person comes named
  const changes = (e: HistoryEntry) => e.changes.filter((c) => !c.field.endsWith('Id') || c.field === 'responsibleUserId');
  return (
    <ol className="row-history" data-testid="row-history">
      {entries.map((e) => (
        <li key={e.id} className="row-history-entry" data-testid="row-history-entry">
          <div>
            <strong>{e.realName || e.userName}</strong> <small className="muted">{formatDateTime(e.at, i18n.locale)}</small> · {e.actionLabel}
          </div>
          {changes(e).length > 0 ? (
            <table className="row-history-changes">
              <thead>
                <tr>
                  <th>{t`Field`}</th>
                  <th>{t`Old → new`}</th>
                </tr>
              </thead>
              <tbody>
                {changes(e).map((c) => (
                  <tr key={c.field} data-testid={`row-history-change-${c.field}`}>
                    <td>{labels[c.field] ?? c.field}</td>
                    <td data-user-content>{`${show(c.before)} → ${show(c.after)}`}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : null}
          {e.reason ? (
            <div>
              <Trans>Reason:</Trans> <span data-user-content>{e.reason}</span>
            </div>
          ) : null}
        </li>
      ))}
    </ol>
  );
}

/** The text as written, each @name of a mentioned user marked (their real name on hover); other @words stay text. */
function CommentBody({ body, mentions }: { body: string; mentions: readonly { userName: string; realName: string | null }[] }) {
  // a mention is written as the user name or a real name without spaces (docs/domain/fmea-communication.md)
  const named = new Map(mentions.flatMap((m) => [[m.userName.toLowerCase(), m] as const, ...(m.realName ? [[m.realName.toLowerCase(), m] as const] : [])]));
  return (
    <>
      {body.split(/(@[^\s@,，;；:：。!！?？()（）]+)/).map((part, i) => {
        // as the server reads a mention (core mentionedNames): dots inside belong to the name, dots at its end do not
        const name = part.startsWith('@') ? part.slice(1).replace(/\.+$/, '') : '';
        const who = name ? named.get(name.toLowerCase()) : undefined;
        return who ? (
          <Fragment key={i}>
            <span className="row-mention" title={who.realName ?? who.userName}>
              @{name}
            </span>
            {part.slice(name.length + 1)}
          </Fragment>
        ) : (
          part
        );
      })}
    </>
  );
}
