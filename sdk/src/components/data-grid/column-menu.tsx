import { DropdownMenu } from 'radix-ui';
import type { RowData } from '@tanstack/react-table';
import type { GridTable } from './grid-model';
import type { DataGridColumn } from './types';
import './column-menu.css';

interface ColumnMenuProps<Row extends RowData> {
  table: GridTable<Row>;
  columnsById: Map<string, DataGridColumn<Row>>;
  title: string;
  /** Offered once the user has set widths: back to the default widths. */
  resetWidths?: { label: string; onSelect: () => void };
}

/** Show/hide columns through the table's column-visibility feature (the menu stays open while toggling), and forget set widths. */
export function ColumnMenu<Row extends RowData>({ table, columnsById, title, resetWidths }: ColumnMenuProps<Row>) {
  const columns = table.getAllLeafColumns().filter((column) => column.getCanHide());
  const visibleCount = table.getVisibleLeafColumns().length;
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger asChild>
        <button type="button" className="fmea-grid__columns-button">
          {title}
        </button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="fmea-grid__menu" align="end" sideOffset={4}>
          <DropdownMenu.Label className="fmea-grid__menu-title">{title}</DropdownMenu.Label>
          {columns.map((column) => {
            const visible = column.getIsVisible();
            return (
              <DropdownMenu.CheckboxItem
                key={column.id}
                className="fmea-grid__menu-item"
                data-column-id={column.id}
                checked={visible}
                // the last visible column stays: a grid without columns cannot be used
                disabled={visible && visibleCount <= 1}
                onCheckedChange={(checked) => column.toggleVisibility(checked === true)}
                onSelect={(event) => event.preventDefault()}
              >
                <span className="fmea-grid__menu-check" aria-hidden="true">
                  <DropdownMenu.ItemIndicator>✓</DropdownMenu.ItemIndicator>
                </span>
                {columnsById.get(column.id)?.header ?? column.id}
              </DropdownMenu.CheckboxItem>
            );
          })}
          {resetWidths ? (
            <>
              <DropdownMenu.Separator className="fmea-grid__menu-separator" />
              <DropdownMenu.Item className="fmea-grid__menu-item" data-testid="grid-reset-widths" onSelect={resetWidths.onSelect}>
                <span className="fmea-grid__menu-check" aria-hidden="true" />
                {resetWidths.label}
              </DropdownMenu.Item>
            </>
          ) : null}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
