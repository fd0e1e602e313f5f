import { Trans, useLingui } from '@lingui/react/macro';
import { Button, TextInput } from '@fmea/sdk';

/** One 5-why chain: each answer says why the one before it happened (the first, why the problem did). */
export interface WhyChain {
  chain: number;
  answers: string[];
  /** The cause the chain ends at, as stored (kept when the chain is saved again). */
  causeId: string | null;
  /** The chain's last answer is a verified root cause. */
  rootCause: boolean;
}

export interface FiveWhyEditorProps {
  /** What the first why asks about: the problem, or its escape. */
  question: string;
  chains: readonly WhyChain[];
  readOnly: boolean;
  onChange: (chains: WhyChain[]) => void;
  testId?: string;
}

/** Five levels is the method's name, not its limit: a chain stops where the team reaches a cause it can act on. */
const MAX_LEVELS = 9;

/**
 * The 5-why chains of one D4 question: each chain is a column of answers, "why?" asked of the answer
 * above; the last answer of a chain can be marked as the root cause it reaches. Several chains cover
 * several paths (a problem rarely has one). Empty answers are kept while typing and left out on save.
 */
export function FiveWhyEditor({ question, chains, readOnly, onChange, testId = 'five-why' }: FiveWhyEditorProps) {
  const { t } = useLingui();
  const update = (chain: number, change: (c: WhyChain) => WhyChain) => onChange(chains.map((c) => (c.chain === chain ? change(c) : c)));
  const addChain = () => onChange([...chains, { chain: Math.max(0, ...chains.map((c) => c.chain)) + 1, answers: [''], causeId: null, rootCause: false }]);
  return (
    <div className="five-why" data-testid={testId}>
      {chains.length === 0 ? (
        <p className="muted">
          <Trans>No why chain yet.</Trans>
        </p>
      ) : null}
      {chains.map((c, n) => (
        <ol className="five-why-chain" key={c.chain} aria-label={t`Why chain ${n + 1}`} data-testid={`${testId}-chain`}>
          <li className="five-why-problem">
            <span className="five-why-level">{t`Problem`}</span>
            <span data-user-content>{question}</span>
          </li>
          {c.answers.map((answer, level) => {
            const last = level === c.answers.length - 1;
            const label = t`Why ${level + 1}?`;
            return (
              <li key={level} className={last && c.rootCause ? 'five-why-root' : undefined}>
                <span className="five-why-level">{label}</span>
                {readOnly ? (
                  <span data-user-content>{answer}</span>
                ) : (
                  <TextInput
                    aria-label={t`Chain ${n + 1}, why ${level + 1}: because…`}
                    data-testid={`${testId}-answer`}
                    placeholder={t`Because…`}
                    value={answer}
                    maxLength={500}
                    onChange={(e) => update(c.chain, (x) => ({ ...x, answers: x.answers.map((a, i) => (i === level ? e.target.value : a)) }))}
                  />
                )}
                {last && c.rootCause ? (
                  <span className="five-why-root-tag" data-testid={`${testId}-root-tag`}>
                    <Trans>Root cause</Trans>
                  </span>
                ) : null}
              </li>
            );
          })}
          {readOnly ? null : (
            <li className="five-why-tools">
              <Button data-testid={`${testId}-add`} disabled={c.answers.length >= MAX_LEVELS} onClick={() => update(c.chain, (x) => ({ ...x, answers: [...x.answers, ''], rootCause: false }))}>
                <Trans>Ask why again</Trans>
              </Button>
              <Button
                data-testid={`${testId}-root`}
                aria-pressed={c.rootCause}
                disabled={!c.answers[c.answers.length - 1]?.trim()}
                onClick={() => update(c.chain, (x) => ({ ...x, rootCause: !x.rootCause }))}
              >
                {c.rootCause ? <Trans>Not the root cause</Trans> : <Trans>The last answer is the root cause</Trans>}
              </Button>
              <Button
                kind="link"
                onClick={() => (c.answers.length > 1 ? update(c.chain, (x) => ({ ...x, answers: x.answers.slice(0, -1), rootCause: false })) : onChange(chains.filter((x) => x.chain !== c.chain)))}
              >
                {c.answers.length > 1 ? <Trans>Remove the last why</Trans> : <Trans>Remove the chain</Trans>}
              </Button>
            </li>
          )}
        </ol>
      ))}
      {readOnly ? null : (
        <Button data-testid={`${testId}-new-chain`} onClick={addChain}>
          <Trans>New why chain</Trans>
        </Button>
      )}
    </div>
  );
}
