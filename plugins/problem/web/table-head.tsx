import type { ReactNode } from 'react';

/** A table's header row from its column titles (null: an empty cell), as the 8D's tables and the report share them. */
export function TableHead({ cells }: { cells: readonly (ReactNode | null)[] }) {
  return (
    <thead>
      <tr>
        {cells.map((cell, i) => (
          <th key={i}>{cell}</th>
        ))}
      </tr>
    </thead>
  );
}
