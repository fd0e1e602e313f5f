import { proxy } from 'valtio';
import { t } from '@lingui/core/macro';
import { getToken } from '../api/client.ts';
import type { OnlineUser } from '../api/types.ts';
import { notify } from '../components/feedback.tsx';
import { clearSession } from '../stores/session.ts';
import { ui } from '../stores/ui.ts';
import { currentLocale } from '../i18n/index.ts';
import { SOCKET_CLOSE_SERVICE_RESTART } from '@fmea/core/domain';

/** Connects 4 s after load (spec 000 §7/§9) so the first paint is not held up. */
export const CONNECT_DELAY_MS = 4000;

export const realtime = proxy({
  connected: false,
  onlineUsers: [] as OnlineUser[],
  /** Unread messages of My messages (the mail badge). */
  messageCount: 0,
  /** What waits for the user's decision in My approvals (the approvals badge). */
  approvalCount: 0,
  /** Live messages received: the shell re-reads both counts from the server after each (a step can send a notice and a message). */
  received: 0,
  /**
   * Connections made (the first 4 s after load, and each reconnect): the
   * shell re-reads the counts on each, since what arrived while no socket
   * was bound was not pushed.
   */
  connections: 0,
});

/** A flash message for the login page after a forced sign-out. */
export const FLASH_KEY = 'fmea.flash';

let socket: WebSocket | null = null;
let creep: ReturnType<typeof setInterval> | undefined;
let hide: ReturnType<typeof setTimeout> | undefined;

function signOutWith(message: string) {
  // forgotten first, so its close does not reconnect
  const closing = socket;
  socket = null;
  closing?.close();
  clearSession();
  try {
    sessionStorage.setItem(FLASH_KEY, message);
  } catch {
    // no storage: the login page just shows no reason
  }
  window.location.assign('/');
}

/**
 * receiveProgressInfo: creeps 1% every 2 s up to 99 until the server says 100,
 * then hides after 3 s. While the job waits for the server (`waiting`: an
 * import queued behind others) the bar shows the server's text and stands still.
 */
export function applyProgress(val: number, text: string, waiting = false): void {
  clearTimeout(hide);
  clearInterval(creep);
  ui.progress.visible = true;
  ui.progress.text = text;
  ui.progress.waiting = waiting;
  if (waiting) {
    ui.progress.value = 0;
    return;
  }
  ui.progress.value = Math.max(ui.progress.value, Math.min(100, val));
  if (ui.progress.value >= 100) {
    hide = setTimeout(() => {
      ui.progress.visible = false;
      ui.progress.value = 0;
    }, 3000);
    return;
  }
  creep = setInterval(() => {
    if (ui.progress.value < 99) ui.progress.value += 1;
  }, 2000);
}

/** Work areas subscribe to change notices of their own (e.g. `fmeaChanged`) that are not inbox messages. */
const changeListeners = new Map<string, Set<(data: Record<string, unknown>) => void>>();

export function onChangeNotice(type: string, listener: (data: Record<string, unknown>) => void): () => void {
  const set = changeListeners.get(type) ?? new Set();
  set.add(listener);
  changeListeners.set(type, set);
  return () => set.delete(listener);
}

export function handleEvent(event: string, data: Record<string, unknown>): void {
  const listeners = event === 'receiveMessage' && typeof data.type === 'string' ? changeListeners.get(data.type) : undefined;
  if (listeners || (event === 'receiveMessage' && data.type === 'fmeaChanged')) {
    listeners?.forEach((listener) => listener(data));
    return;
  }
  switch (event) {
    case 'forceLogin':
      return signOutWith(t`Your account signed in elsewhere`);
    case 'removeLogin':
      return signOutWith(t`Login kicked out`);
    case 'loginFail':
      return signOutWith(t`Your session has ended; please sign in again`);
    case 'receiveMessage':
      realtime.received += 1;
      {
        // a stored message carries its title in every language (the server does not know the reader's)
        const titles = data.titles as Record<string, string> | undefined;
        const shown = { title: titles?.[currentLocale()] ?? data.title };
        notify('info', typeof shown.title === 'string' ? t`New message: ${shown.title}` : t`You have a new message`);
      }
      return;
    case 'receiveProgressInfo':
      return applyProgress(Number(data.val ?? 0), String(data.text ?? ''), data.waiting === true);
    case 'amountChange':
      if (Array.isArray(data.onlineUsers)) realtime.onlineUsers = data.onlineUsers as OnlineUser[];
      return;
  }
}

/** Reconnect waits after a dropped socket: 2 s, doubling up to a minute. */
export const RECONNECT_MIN_MS = 2000;
export const RECONNECT_MAX_MS = 60_000;
/** The close code of a server that stops on purpose (core's domain: the server sends it). */
export { SOCKET_CLOSE_SERVICE_RESTART as CLOSE_SERVICE_RESTART };
/** After a service restart: about half a second to a second and a half, spread across browsers. */
export const RESTART_RECONNECT_MS = 1000;

export function connectRealtime(delay = CONNECT_DELAY_MS): () => void {
  let stopped = false;
  let retry = RECONNECT_MIN_MS;
  let timer: ReturnType<typeof setTimeout> = setTimeout(open, delay);

  function open() {
    const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/api/ws`;
    const current = new WebSocket(url);
    socket = current;
    current.addEventListener('open', () => {
      retry = RECONNECT_MIN_MS;
      realtime.connected = true;
      // a hook for people and tools that need to know live updates are on
      document.documentElement.dataset.realtime = 'connected';
      // without a stored token (a new tab) the server binds the socket by the session cookie
      const token = getToken();
      if (token) current.send(JSON.stringify({ event: 'login', data: { token } }));
      realtime.connections += 1;
    });
    current.addEventListener('message', (message) => {
      try {
        const { event, data } = JSON.parse(String(message.data)) as { event: string; data: Record<string, unknown> };
        handleEvent(event, data ?? {});
      } catch {
        // not one of ours
      }
    });
    current.addEventListener('close', (event) => {
      realtime.connected = false;
      delete document.documentElement.dataset.realtime;
      if (stopped || socket !== current) return;
      // a server stopping behind a load balancer says "service restart": another server takes the socket
      // now, each browser at a slightly different moment so they do not all arrive at once
      if ((event as CloseEvent).code === SOCKET_CLOSE_SERVICE_RESTART) {
        timer = setTimeout(open, RESTART_RECONNECT_MS * (0.5 + Math.random()));
        return;
      }
      // a network blip or a server gone: try again, slower each time (a sign-out stops it)
      timer = setTimeout(open, retry);
      retry = Math.min(retry * 2, RECONNECT_MAX_MS);
    });
  }

  return () => {
    stopped = true;
    clearTimeout(timer);
    socket?.close();
    socket = null;
  };
}
