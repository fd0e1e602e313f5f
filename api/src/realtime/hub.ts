/**
 * Realtime events of spec 000 §7 over one WebSocket per browser tab. A socket
 * is anonymous until it sends `{ event: 'login', data: { token } }`; then it
 * belongs to that session. Server → client messages are `{ event, data }`.
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

export class RealtimeHub {
  private readonly sockets = new Set<BoundSocket>();

  bind(bound: BoundSocket): BoundSocket {
    this.sockets.add(bound);
    return bound;
  }

  remove(bound: BoundSocket): boolean {
    return this.sockets.delete(bound);
  }

  /** Whether any bound socket matches: lets callers skip work (queries) for an event nobody would receive. */
  some(predicate: (b: BoundSocket) => boolean): boolean {
    for (const bound of this.sockets) if (predicate(bound)) return true;
    return false;
  }

  private send(targets: Iterable<BoundSocket>, event: RealtimeEvent, data: unknown): number {
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

  toUser(userId: string, event: RealtimeEvent, data: unknown = {}): number {
    return this.send(this.filter((b) => b.userId === userId), event, data);
  }

  toSessions(sessionIds: readonly string[], event: RealtimeEvent, data: unknown = {}): number {
    const ids = new Set(sessionIds);
    return this.send(this.filter((b) => ids.has(b.sessionId)), event, data);
  }

  broadcast(event: RealtimeEvent, data: unknown = {}, predicate: (b: BoundSocket) => boolean = () => true): number {
    return this.send(this.filter(predicate), event, data);
  }

  /** Closes the sockets of sessions that ended by the user's own choice (sign-out): no event. */
  closeSessions(sessionIds: readonly string[]): void {
    const ids = new Set(sessionIds);
    for (const bound of this.filter((b) => ids.has(b.sessionId))) {
      this.sockets.delete(bound);
      bound.socket.close(1000, 'logout');
    }
  }

  /** Tells the sessions why they end, then closes their sockets. */
  endSessions(sessionIds: readonly string[], event: 'forceLogin' | 'removeLogin', data: unknown = {}): void {
    const ids = new Set(sessionIds);
    const targets = this.filter((b) => ids.has(b.sessionId));
    this.send(targets, event, data);
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
