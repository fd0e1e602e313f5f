import { useMemo } from 'react';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { GateOperator } from '@fmea/core/domain';
import type { GateProblem, NewKind, Refusal } from './edit.ts';

/** The editor's names for operators, kinds, refusals and gate problems, in the reader's language. */
export function useEditorWords() {
  const { t, i18n } = useLingui();
  return useMemo(() => {
    const operator: Record<GateOperator, string> = { and: t`AND gate`, or: t`OR gate`, atleast: t`Voting gate (k/n)`, not: t`NOT gate`, xor: t`XOR gate` };
    const kind: Record<NewKind, string> = { ...operator, basic: t`Basic event`, house: t`House event`, transfer: t`Transfer` };
    // the palette's narrow buttons: the voting gate's symbol shows k/n already
    const palette: Record<NewKind, string> = { ...kind, atleast: t`Voting gate` };
    const refusal: Record<Refusal, string> = {
      cycle: t`A gate cannot become an input of itself or of a gate below it.`,
      'already-input': t`It is an input of that gate already.`,
      top: t`The top event cannot be deleted.`,
      'same-gate': t`Drop it on another gate.`,
      'name-taken': t`Name: another gate or event has this name.`,
      'name-empty': t`Name: enter a name.`,
    };
    const problem = (p: GateProblem, min?: number, inputs = 0): string =>
      ({
        'no-inputs': t`This gate has no inputs yet.`,
        'not-one-input': t`A NOT gate takes exactly one input.`,
        'xor-two-inputs': t`An XOR gate takes at least two inputs.`,
        'min-range': t`k must be a whole number from 1 to ${inputs} (the number of inputs); it is ${min ?? '–'}.`,
      })[p];
    return {
      operator,
      kind,
      palette,
      refusal,
      problem,
      diagram: {
        expand: t`Expand`,
        collapse: t`Collapse`,
        usedTimes: (n: number) => plural(n, { one: 'Used by # gate', other: 'Used by # gates' }),
        hidden: (n: number) => plural(n, { one: '# event hidden', other: '# events hidden' }),
      },
    };
  }, [i18n.locale]);
}

export type EditorWords = ReturnType<typeof useEditorWords>;
