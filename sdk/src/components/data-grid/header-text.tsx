import { Fragment, type ReactNode } from 'react';

/**
 * A header that may wrap after a slash ("Specification/⏎Tolerance") rather
 * than inside a word ("Specificati/on"): a line-break opportunity (<wbr>)
 * after each slash between Latin letters, which adds no character to the
 * text. Chinese headers wrap between any two characters already.
 */
export function breakAfterSlashes(header: ReactNode): ReactNode {
  if (typeof header !== 'string' || !/[A-Za-z]\/[A-Za-z]/.test(header)) return header;
  const parts = header.split('/');
  return parts.map((part, i) =>
    i < parts.length - 1 ? (
      <Fragment key={i}>
        {part}/<wbr />
      </Fragment>
    ) : (
      part
    ),
  );
}
