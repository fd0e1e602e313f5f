import { LOCALES, translate, type MessageRow } from '@fmea/core';
import type { RealtimeHub } from './hub.ts';

/** What a recipient's open workbench is told of a stored message: the shell counts it on the badge and shows the title. */
export interface MessageNotice {
  type: 'message';
  id: string;
  kind: string;
  code: string;
  route: string | null;
  /** The title in the default language, and in each (the socket does not know its reader's language). */
  title: string;
  titles: Record<string, string>;
}

/**
 * Pushes each stored message to its recipient's sockets (`receiveMessage`),
 * after the transaction that stored them committed. Returns how many
 * sockets were told.
 */
export function pushMessages(realtime: RealtimeHub, rows: readonly MessageRow[]): number {
  let told = 0;
  for (const row of rows) {
    if (!realtime.mayReach({ users: [row.recipientId] })) continue;
    const titles = Object.fromEntries(LOCALES.map((locale) => [locale, translate(locale, row.messageKey, row.params)]));
    const notice: MessageNotice = { type: 'message', id: row.id, kind: row.kind, code: row.code, route: row.route, title: titles[LOCALES[0]]!, titles };
    told += realtime.send('receiveMessage', notice, { users: [row.recipientId] });
  }
  return told;
}
