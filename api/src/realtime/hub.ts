/**
 * Realtime events of spec 000 §7 over one WebSocket per browser tab. A socket
 * is anonymous until it sends `{ event: 'login', data: { token } }`; then it
 * belongs to that session. Server → client messages are `{ event, data }`.
 *
 * Who receives an event is said as data (an Audience), not as a function, so
 * that the same event reaches the sockets of every server on one database:
 * with a relay attached (relay.ts: PostgreSQL's LISTEN/NOTIFY), each event is
 * sent to this server's sockets and published for the others, which send it
 * to theirs (issue 22).
 */
export const REALTIME_EVENTS = ['forceLogin', 'removeLogin', 'loginFail', 'receiveMessage', 'receiveProgressInfo', 'amountChange'] as const;
export type RealtimeEvent = (typeof REALTIME_EVENTS)[number];

export interface SocketLike {
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

export interface BoundSocket {
  socket: SocketLike;
  sessionId: string;
  userId: string;
  siteId: string | null;
  roleTypes: string[];
  isAdmin: boolean;
}

/** Who an event is for: everyone (no field), these users, these sessions; never the session that caused it. */
export interface Audience {
  users?: readonly string[];
  sessions?: readonly string[];
  exceptSession?: string;
}

/** What one server tells the others (relay.ts carries it). */
export type RelayMessage =
  | { op: 'send'; audience: Audience; event: RealtimeEvent; data: unknown }
  | { op: 'end'; sessions: readonly string[]; event: 'forceLogin' | 'removeLogin'; data: unknown }
  | { op: 'close'; sessions: readonly string[] }
  | { op: 'online'; newcomer?: { userId: string; siteId: string | null } };

export interface Relay {
  publish(message: RelayMessage): void;
}

const reaches = (audience: Audience) => {
  const users = audience.users && new Set(audience.users);
  const sessions = audience.sessions && new Set(audience.sessions);
  return (b: BoundSocket) => (!users || users.has(b.userId)) && (!sessions || sessions.has(b.sessionId)) && b.sessionId !== audience.exceptSession;
};

export class RealtimeHub {
  private readonly sockets = new Set<BoundSocket>();
  private relay: Relay | undefined;
  /** Runs this server's part of an online-list change another server announced (socket.ts sets it). */
  onRemoteOnline: ((newcomer?: { userId: string; siteId: string | null }) => void) | undefined;

  /** Events go to the other servers too from now on. */
  attachRelay(relay: Relay | undefined): void {
    this.relay = relay;
  }

  get relayed(): boolean {
    return this.relay !== undefined;
  }

  bind(bound: BoundSocket): BoundSocket {
    this.sockets.add(bound);
    return bound;
  }

  remove(bound: BoundSocket): boolean {
    return this.sockets.delete(bound);
  }

  /**
   * Whether an event for `audience` could reach anyone: lets callers skip work (queries) for an event nobody
   * would receive. With other servers, their sockets are unknown here: always.
   */
  mayReach(audience: Audience = {}): boolean {
    if (this.relay) return true;
    const matches = reaches(audience);
    for (const bound of this.sockets) if (matches(bound)) return true;
    return false;
  }

  private deliver(targets: Iterable<BoundSocket>, event: RealtimeEvent, data: unknown): number {
    const text = JSON.stringify({ event, data });
    let sent = 0;
    for (const bound of targets) {
      try {
        bound.socket.send(text);
        sent++;
      } catch {
        this.sockets.delete(bound);
      }
    }
    return sent;
  }

  private filter(predicate: (b: BoundSocket) => boolean): BoundSocket[] {
    return [...this.sockets].filter(predicate);
  }

  /** Sends to the audience's sockets here and on the other servers; answers how many sockets here were told. */
  send(event: RealtimeEvent, data: unknown = {}, audience: Audience = {}): number {
    this.relay?.publish({ op: 'send', audience, event, data });
    return this.deliver(this.filter(reaches(audience)), event, data);
  }

  toUser(userId: string, event: RealtimeEvent, data: unknown = {}): number {
    return this.send(event, data, { users: [userId] });
  }

  toSessions(sessionIds: readonly string[], event: RealtimeEvent, data: unknown = {}): number {
    return this.send(event, data, { sessions: sessionIds });
  }

  /** One socket of this server only (a watcher's own online list). */
  toSocket(bound: BoundSocket, event: RealtimeEvent, data: unknown): number {
    return this.deliver([bound], event, data);
  }

  /** Closes the sockets of sessions that ended by the user's own choice (sign-out): no event. */
  closeSessions(sessionIds: readonly string[]): void {
    this.relay?.publish({ op: 'close', sessions: sessionIds });
    this.closeHere(sessionIds);
  }

  /** Tells the sessions why they end, then closes their sockets. */
  endSessions(sessionIds: readonly string[], event: 'forceLogin' | 'removeLogin', data: unknown = {}): void {
    this.relay?.publish({ op: 'end', sessions: sessionIds, event, data });
    this.endHere(sessionIds, event, data);
  }

  /** The online list changed: this server's watchers are told by the caller, the other servers' by theirs. */
  onlineChanged(newcomer?: { userId: string; siteId: string | null }): void {
    this.relay?.publish({ op: 'online', ...(newcomer ? { newcomer } : {}) });
  }

  /** What another server published, done here only. */
  receive(message: RelayMessage): void {
    if (message.op === 'send') this.deliver(this.filter(reaches(message.audience)), message.event, message.data);
    else if (message.op === 'end') this.endHere(message.sessions, message.event, message.data);
    else if (message.op === 'close') this.closeHere(message.sessions);
    else this.onRemoteOnline?.(message.newcomer);
  }

  private closeHere(sessionIds: readonly string[]): void {
    const ids = new Set(sessionIds);
    for (const bound of this.filter((b) => ids.has(b.sessionId))) {
      this.sockets.delete(bound);
      bound.socket.close(1000, 'logout');
    }
  }

  private endHere(sessionIds: readonly string[], event: 'forceLogin' | 'removeLogin', data: unknown): void {
    const ids = new Set(sessionIds);
    const targets = this.filter((b) => ids.has(b.sessionId));
    this.deliver(targets, event, data);
    for (const bound of targets) {
      this.sockets.delete(bound);
      bound.socket.close(4001, event);
    }
  }

  /** Sockets that see online users of a site: super users everywhere, site admins on their own site (spec 000 §2.3). */
  static watches(b: BoundSocket, siteId: string | null): boolean {
    return b.isAdmin || b.roleTypes.includes('0') || (b.roleTypes.includes('1') && b.siteId === siteId);
  }

  all(): BoundSocket[] {
    return [...this.sockets];
  }

  get size(): number {
    return this.sockets.size;
  }
}
