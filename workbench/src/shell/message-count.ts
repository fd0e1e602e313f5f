import { api } from '../api/typed-client.ts';
import { realtime } from '../realtime/client.ts';

/**
 * The message badge (spec 000 §2.2: business and system message counts):
 * read from GET /api/message/getMessageCount when the shell opens and after
 * the user decides a review; between, every realtime message adds one.
 */
export async function refreshMessageCount(): Promise<void> {
  try {
    realtime.messageCount = (await api.get('/api/message/getMessageCount')).count;
  } catch {
    // the badge keeps what it counted; the next refresh or message corrects it
  }
}
