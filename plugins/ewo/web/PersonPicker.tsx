import { useLingui } from '@lingui/react/macro';
import { api, Autocomplete } from '@fmea/sdk';

/**
 * Picks the tracker or the approver from the people the server says may be named (GET /api/ewo/people): type
 * a name, pick a suggestion. Typing again clears the pick, so only a picked person is ever sent.
 */
export function PersonPicker({ id, role, ewoId, text, onText, onPick, testId }: { id: string; role: 'tracker' | 'approver'; ewoId?: string; text: string; onText: (text: string) => void; onPick: (userId: string) => void; testId: string }) {
  const { t } = useLingui();
  return (
    <Autocomplete
      id={id}
      data-testid={testId}
      value={text}
      maxLength={100}
      placeholder={t`Type a name, then pick`}
      onChange={(e) => {
        onText(e.target.value);
        onPick('');
      }}
      fetchSuggestions={async (q) => (await api.get('/api/ewo/people', { role, search: q, ...(ewoId ? { id: ewoId } : {}) })).map((u) => ({ text: u.realName || u.userName, note: u.userName, key: u.id }))}
      onPick={(option) => onPick(option.key ?? '')}
    />
  );
}
