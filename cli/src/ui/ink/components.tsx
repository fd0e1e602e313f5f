/** The shared Ink pieces: a table, a label/value record, an error box, a progress bar. */
import { Box, Text } from 'ink';

export interface TableProps {
  readonly headers: readonly string[];
  /** Cells already formatted as single lines. */
  readonly rows: readonly (readonly string[])[];
  readonly aligns?: readonly ('left' | 'right' | undefined)[];
  readonly emptyText: string;
}

/**
 * Laid out column by column so Ink measures each column's width itself
 * (CJK characters count double); every cell is one line, so rows line up.
 */
export function Table({ headers, rows, aligns = [], emptyText }: TableProps) {
  if (rows.length === 0) return <Text dimColor>{emptyText}</Text>;
  return (
    <Box flexDirection="row" columnGap={2}>
      {headers.map((header, i) => (
        <Box key={i} flexDirection="column" flexShrink={i === headers.length - 1 ? 1 : 0}>
          <Box borderStyle="single" borderTop={false} borderLeft={false} borderRight={false} borderDimColor>
            <Text bold>{header}</Text>
          </Box>
          {rows.map((row, j) => (
            <Box key={j} justifyContent={aligns[i] === 'right' ? 'flex-end' : 'flex-start'}>
              <Text wrap="truncate-end">{row[i] || ' '}</Text>
            </Box>
          ))}
        </Box>
      ))}
    </Box>
  );
}

export interface RecordViewProps {
  readonly entries: readonly (readonly [label: string, value: string])[];
}

export function RecordView({ entries }: RecordViewProps) {
  return (
    <Box flexDirection="row" columnGap={2}>
      <Box flexDirection="column" flexShrink={0}>
        {entries.map(([label], i) => (
          <Text key={i} bold>
            {label}
          </Text>
        ))}
      </Box>
      <Box flexDirection="column">
        {entries.map(([, value], i) => (
          <Text key={i} wrap="truncate-end">
            {value || ' '}
          </Text>
        ))}
      </Box>
    </Box>
  );
}

export interface ErrorBoxProps {
  readonly title: string;
  readonly lines: readonly string[];
}

export function ErrorBox({ title, lines }: ErrorBoxProps) {
  return (
    <Box flexDirection="column" alignSelf="flex-start" borderStyle="round" borderColor="red" paddingX={1}>
      <Text color="red" bold>
        {title}
      </Text>
      {lines.map((line, i) => (
        <Text key={i}>{line}</Text>
      ))}
    </Box>
  );
}

export interface ProgressBarProps {
  readonly label: string;
  readonly current: number;
  readonly total: number;
  /** Bar width in cells. */
  readonly width?: number;
}

export function ProgressBar({ label, current, total, width = 30 }: ProgressBarProps) {
  const ratio = total > 0 ? Math.min(Math.max(current / total, 0), 1) : 1;
  const filled = Math.round(ratio * width);
  return (
    <Box columnGap={1}>
      <Text>{label}</Text>
      <Text>
        <Text color="cyan">{'█'.repeat(filled)}</Text>
        <Text dimColor>{'░'.repeat(width - filled)}</Text>
      </Text>
      <Text>{`${Math.round(ratio * 100)}%`}</Text>
      <Text dimColor>{`${Math.min(current, total)}/${total}`}</Text>
    </Box>
  );
}
