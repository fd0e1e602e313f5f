import { useState, type ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import { FishboneBoard } from './FishboneBoard.tsx';
import { FiveWhyEditor, type WhyChain } from './FiveWhyEditor.tsx';
import type { BoardCause } from './fishbone-layout.ts';
import { useTrackLabel, type CauseTrack } from '../labels.ts';

const TRACKS: CauseTrack[] = ['occurrence', 'detection'];

export interface RootCauseDraft {
  causes: Record<CauseTrack, BoardCause[]>;
  chains: Record<CauseTrack, WhyChain[]>;
}

/**
 * D4: the root cause on its two tracks, why the problem occurred and why it was not detected (it escaped),
 * each with its Ishikawa board and its 5-why chains. `below` is where other parts of the product add
 * their panel under the tools (the FMEA change proposals a root cause leads to).
 */
export function RootCauseEditor({ effect, draft, readOnly, onChange, newId, below }: { effect: string; draft: RootCauseDraft; readOnly: boolean; onChange: (draft: RootCauseDraft) => void; newId: () => string; below?: ReactNode }) {
  const { t } = useLingui();
  const trackLabel = useTrackLabel();
  const [track, setTrack] = useState<CauseTrack>('occurrence');
  const question = track === 'occurrence' ? effect : t`Why was “${effect}” not detected before it reached the customer?`;
  return (
    <div className="rca">
      <div className="rca-tracks" role="tablist" aria-label={t`Root cause tracks`}>
        {TRACKS.map((k) => {
          const roots = draft.causes[k].filter((c) => c.rootCause).length + draft.chains[k].filter((c) => c.rootCause).length;
          return (
            <button key={k} type="button" role="tab" aria-selected={track === k} data-testid={`rca-track-${k}`} onClick={() => setTrack(k)}>
              {trackLabel(k)} ({roots})
            </button>
          );
        })}
      </div>
      <div role="tabpanel" className="rca-columns" aria-label={trackLabel(track)}>
        <section>
          <h3>{t`Ishikawa diagram (6M)`}</h3>
          <FishboneBoard
            key={track}
            effect={track === 'occurrence' ? effect : t`Not detected: ${effect}`}
            causes={draft.causes[track]}
            readOnly={readOnly}
            newId={newId}
            onChange={(causes) => onChange({ ...draft, causes: { ...draft.causes, [track]: causes } })}
          />
        </section>
        <section>
          <h3>{t`5 whys`}</h3>
          <FiveWhyEditor question={question} chains={draft.chains[track]} readOnly={readOnly} onChange={(chains) => onChange({ ...draft, chains: { ...draft.chains, [track]: chains } })} />
        </section>
      </div>
      {below}
    </div>
  );
}
