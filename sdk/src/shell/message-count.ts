import { api } from '../api/typed-client.ts';
import { realtime } from '../realtime/client.ts';

/**
 * The header's two badges (docs/domain/messages.md, "The badges"): unread
 * messages (My messages) and what waits for the user's decision (My
 * approvals), both counted by the server (GET /api/message/getMessageCount).
 * Read when the shell opens, after each live message and after the user
 * reads, deletes or decides something.
 */
export async function refreshMessageCount(): Promise<void> {
  try {
    const counts = await api.get('/api/message/getMessageCount');
    realtime.messageCount = counts.count;
    realtime.approvalCount = counts.bMessageCount;
  } catch {
    // the badges keep what they counted; the next refresh corrects them
  }
}
