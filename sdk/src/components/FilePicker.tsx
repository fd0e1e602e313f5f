import { useRef, type ReactNode } from 'react';
import { Button } from './form.tsx';

/**
 * A button that opens the browser's file chooser; the input is reset so the same file can be chosen again.
 * `inputTestId` names the hidden input for tests that set a file on it.
 */
export function FilePickerButton({
  accept,
  onFile,
  children,
  disabled,
  kind,
  inputTestId,
}: {
  accept: string;
  onFile: (file: File) => void;
  children: ReactNode;
  disabled?: boolean;
  kind?: 'default' | 'primary';
  inputTestId?: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button kind={kind} disabled={disabled} onClick={() => input.current?.click()}>
        {children}
      </Button>
      <input
        ref={input}
        type="file"
        accept={accept}
        hidden
        data-testid={inputTestId}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) onFile(file);
        }}
      />
    </>
  );
}

/** What a spreadsheet import accepts in the file chooser. */
export const SPREADSHEET_ACCEPT = '.xls,.xlsx,application/vnd.ms-excel,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
