import { Table } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { tableRecipe } from './recipes';

export interface FiguresColumn {
  label: string;
  numeric?: boolean;
}

interface FiguresTableProps {
  label: string;
  columns: FiguresColumn[];
  /** One row per line, a cell per column: the first names the row, the others are figures. */
  rows: { key: string; cells: ReactNode[] }[];
}

/** A chart's figures as a table: row headers in the first column, figures right-aligned. */
export function FiguresTable({ label, columns, rows }: FiguresTableProps) {
  return (
    // a region that scrolls takes the focus, so the keyboard can scroll it too
    <Table.ScrollArea
      maxH="24rem"
      borderWidth="1px"
      borderColor="table.border"
      rounded="l2"
      tabIndex={0}
      role="region"
      aria-label={label}
    >
      <Table.Root recipe={tableRecipe} size="sm" stickyHeader>
        <Table.Header>
          <Table.Row>
            {columns.map((c) => (
              <Table.ColumnHeader key={c.label} textAlign={c.numeric ? 'end' : 'start'}>
                {c.label}
              </Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((row) => (
            <Table.Row key={row.key}>
              {row.cells.map((cell, i) =>
                i === 0 ? (
                  <Table.Cell as="th" scope="row" key={columns[i].label} fontWeight="medium">
                    {cell}
                  </Table.Cell>
                ) : (
                  <Table.Cell key={columns[i].label} textAlign={columns[i].numeric ? 'end' : 'start'}>
                    {cell}
                  </Table.Cell>
                ),
              )}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
