import { useCallback, useEffect, useState } from 'react';
import { DropdownMenu } from 'radix-ui';
import { useSnapshot } from 'valtio';
import { Trans, useLingui } from '@lingui/react/macro';
import { projectLink } from '@fmea/core/domain';
import { api, type ApiData, onChangeNotice } from '@fmea/sdk';
import { ChatIcon, realtime } from '@fmea/sdk/host';

type Discussions = ApiData<'/api/communication/getProjectsOfUser'>;


/**
 * The header's discussion dropdown (spec 000 §2.3): the user's projects with
 * their unread comment counts (GET /api/communication/getProjectsOfUser),
 * unread first; choosing one opens the project. Read when the shell opens,
 * when the dropdown opens, after every live message (a mention arrives as
 * one) and when a project's comments change (`fmeaComment` notice); the
 * badge is the sum of the unread counts.
 */
export function DiscussionMenu({ onOpen }: { onOpen: (path: string) => void }) {
  const { t } = useLingui();
  const { received } = useSnapshot(realtime);
  const [data, setData] = useState<Discussions | null>(null);
  const load = useCallback(() => {
    api.get('/api/communication/getProjectsOfUser', { page: 1, limit: 20 }).then(setData, () => undefined);
  }, []);
  useEffect(load, [load, received]);
  // a comment in one of the user's projects changes its unread count
  useEffect(() => onChangeNotice('fmeaComment', load), [load]);
  const unread = data?.items.reduce((n, p) => n + p.unread, 0) ?? 0;
  return (
    <DropdownMenu.Root onOpenChange={(open) => (open ? load() : undefined)}>
      <DropdownMenu.Trigger className="icon-button" aria-label={t`Discussion area`} data-testid="discussion-menu">
        <ChatIcon />
        {unread ? (
          <span className="badge" data-testid="discussion-badge">
            {unread}
          </span>
        ) : null}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="menu" align="end" data-testid="discussion-list">
          {!data || data.items.length === 0 ? (
            <DropdownMenu.Item className="menu-item" disabled>
              {t`No project discussions yet`}
            </DropdownMenu.Item>
          ) : (
            data.items.map((p) => (
              <DropdownMenu.Item key={p.projectId} className="menu-item" data-testid={`discussion-${p.serialNum}`} onSelect={() => onOpen(projectLink(p.projectType, p.projectId))}>
                <span className="discussion-item">
                  <span>
                    <strong>{p.serialNum}</strong> <span data-user-content>{p.name}</span>{' '}
                    {p.unread ? (
                      <span className="discussion-unread" aria-label={t`${p.unread} unread comments`}>
                        {p.unread}
                      </span>
                    ) : null}
                  </span>
                  {p.lastComment ? (
                    <small className="muted discussion-last" data-user-content>
                      {p.lastComment.authorName}: {p.lastComment.body}
                    </small>
                  ) : (
                    <small className="muted">
                      <Trans>No comments yet</Trans>
                    </small>
                  )}
                </span>
              </DropdownMenu.Item>
            ))
          )}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
