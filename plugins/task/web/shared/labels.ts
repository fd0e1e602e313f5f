import { useLingui } from '@lingui/react/macro';

/** The words for a task's status, type, source and object codes (spec 001 §4), in the reader's language. */
export function useTaskLabels() {
  const { t } = useLingui();
  const status: Record<string, string> = {
    '0': t`Not started`,
    '1': t`In progress`,
    '2': t`In review`,
    '3': t`Completed`,
    '4': t`Pending`,
    '5': t`Cancelled`,
    '6': t`Rejected`,
    '7': t`Withdrawn`,
  };
  const type: Record<string, string> = {
    '1': t`Compile`,
    '2': t`Review`,
    '3': t`Update`,
    '4': t`Quick DR`,
    '5': t`Full DR`,
    '6': t`Optimisation`,
  };
  const label: Record<string, string> = { newDesign: t`New design`, change: t`Change`, regularReview: t`Regular review` };
  const source: Record<string, string> = { '1': t`PCMS task`, '2': t`TC task`, '3': t`Experience library task`, '4': t`DFMEA` };
  const projectSource: Record<string, string> = { '0': t`New project`, '1': t`Quality problem`, '2': t`Design change`, '3': t`Other`, '4': t`DR review` };
  const object: Record<string, string> = { '0': t`Other`, '1': t`DFMEA`, '2': t`PFMEA` };
  return {
    status: (code: string | null | undefined) => (code ? (status[code] ?? code) : ''),
    type: (code: string | null | undefined) => (code ? (type[code] ?? code) : ''),
    label: (code: string | null | undefined) => (code ? (label[code] ?? code) : ''),
    source: (code: string | null | undefined) => (code ? (source[code] ?? code) : ''),
    projectSource: (code: string | null | undefined) => (code ? (projectSource[code] ?? code) : ''),
    object: (code: string | null | undefined) => (code ? (object[code] ?? code) : ''),
    types: type,
    statuses: status,
  };
}

