import { RowCells } from '../lib/xlsx';

/**
 * Rows kept for later, in flat arrays (no object per row or cell): a sink that cannot check
 * rows yet keeps reading the file and checks them when it can.
 */
export class QueuedRows {
  private readonly rowNumbers: number[] = [];
  /** Where each row's cells start in the cell arrays; the next row's start ends them. */
  private readonly starts: number[] = [];
  private readonly cells = new RowCells();

  push(rowNumber: number, cells: RowCells) {
    this.rowNumbers.push(rowNumber);
    this.starts.push(this.cells.count);
    for (let i = 0; i < cells.count; i++) {
      this.cells.add(cells.columns[i]!, cells.kinds[i]!, cells.texts[i]!, cells.numbers[i]!, cells.dates[i]!);
    }
  }

  /** Hands each kept row on in order, as the reader would have (one RowCells, reused). */
  replay(row: (rowNumber: number, cells: RowCells) => void) {
    const { cells, starts } = this;
    const current = new RowCells();
    for (let r = 0; r < this.rowNumbers.length; r++) {
      current.count = 0;
      const end = r + 1 < starts.length ? starts[r + 1]! : cells.count;
      for (let i = starts[r]!; i < end; i++) {
        current.add(cells.columns[i]!, cells.kinds[i]!, cells.texts[i]!, cells.numbers[i]!, cells.dates[i]!);
      }
      row(this.rowNumbers[r]!, current);
    }
  }
}
