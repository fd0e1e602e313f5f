import { useMemo } from 'react';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { FtaDocumentIssue, GateOperator } from '@fmea/core/domain';
import type { NewKind, Refusal } from './edit.ts';

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
    /** What core's document check (validateFtaDocument) found, as the diagram's tooltip and the problem list say it. */
    const issue = ({ code, name, input, value }: FtaDocumentIssue): string =>
      ({
        nameMissing: t`A gate or event has no name.`,
        nameTooLong: t`The name ${name}… is longer than ${value} characters.`,
        labelTooLong: t`The description of ${name} is longer than ${value} characters.`,
        duplicateName: t`The name ${name} is used twice.`,
        undefinedInput: t`Gate ${name} uses ${input}, which is no gate or event of this tree.`,
        cycle: t`The gates refer to each other in a circle (at gate ${name}).`,
        atleastMin: t`Voting gate ${name}: k must be a whole number from 1 to its ${value} inputs.`,
        notInputs: t`NOT gate ${name} must have exactly one input (it has ${value}).`,
        probabilityRange: t`Basic event ${name}: the probability must be from 0 to 1.`,
        negativeRate: t`Basic event ${name}: the failure rate must be 0 or more.`,
        topNotGate: t`The top event ${name} is not a gate.`,
        gateNoInputs: t`Gate ${name} has no inputs yet.`,
        missionTime: t`The mission time must be more than 0 hours.`,
        transferTree: t`Transfer ${name} names no tree.`,
      })[code];
    return {
      operator,
      kind,
      palette,
      refusal,
      issue,
      diagram: {
        expand: t`Expand`,
        collapse: t`Collapse`,
        usedTimes: (n: number) => plural(n, { one: 'Used by # gate', other: 'Used by # gates' }),
        hidden: (n: number) => plural(n, { one: '# event hidden', other: '# events hidden' }),
      },
      problems: (n: number) => plural(n, { one: '# problem to correct before saving', other: '# problems to correct before saving' }),
    };
  }, [i18n.locale]);
}

export type EditorWords = ReturnType<typeof useEditorWords>;
