import { COLOR, type PdfWriter } from '../pdf';

export interface TableColumn {
  header: string;
  /** Relative width; the columns share the table's width by these weights. */
  weight: number;
  align?: 'left' | 'center' | 'right';
}

export interface TableCellSpec {
  text: string;
  color?: string;
  bold?: boolean;
  /** An ampel-like dot before the text. */
  dot?: string;
  /** An empty box to tick by hand, centred in the cell (the text is ignored). */
  box?: boolean;
}
export type TableCell = string | TableCellSpec;

export interface TableOptions {
  fontSize?: number;
  /** Stripes every other row. */
  zebra?: boolean;
  /** Minimum row height (e.g. room to write by hand on the pre-inspection sheet). */
  minRowHeight?: number;
}

const PAD_X = 4;
const PAD_Y = 3.5;

const spec = (cell: TableCell): TableCellSpec => (typeof cell === 'string' ? { text: cell } : cell);

/**
 * A table over the content width. A row never splits: a row that does not fit goes to the next
 * page, which repeats the header row. A single row taller than a page is cut with an ellipsis.
 */
export function drawTable(pdf: PdfWriter, columns: TableColumn[], rows: TableCell[][], opts: TableOptions = {}) {
  const { doc } = pdf;
  const size = opts.fontSize ?? 8.5;
  const total = columns.reduce((s, c) => s + c.weight, 0);
  const widths = columns.map((c) => (c.weight / total) * pdf.width);
  const xs = widths.map((_, i) => pdf.left + widths.slice(0, i).reduce((s, w) => s + w, 0));

  const headerHeight = () =>
    Math.max(
      ...columns.map((c, i) =>
        pdf.measure(c.header || ' ', { width: (widths[i] ?? 0) - 2 * PAD_X, font: 'bold', size: size - 0.5 }),
      ),
    ) +
    2 * PAD_Y;
  const drawHeader = () => {
    const h = headerHeight();
    const y = doc.y;
    pdf.fillRect(pdf.left, y, pdf.width, h, COLOR.light);
    columns.forEach((c, i) => {
      pdf.write(c.header, (xs[i] ?? 0) + PAD_X, y + PAD_Y, {
        width: (widths[i] ?? 0) - 2 * PAD_X,
        font: 'bold',
        size: size - 0.5,
        align: c.align ?? 'left',
      });
    });
    doc
      .moveTo(pdf.left, y + h)
      .lineTo(pdf.right, y + h)
      .lineWidth(0.6)
      .strokeColor(COLOR.muted)
      .stroke();
    // The rows' rules share one colour and width, set here once per page.
    doc.lineWidth(0.3).strokeColor(COLOR.rule);
    doc.y = y + h;
  };
  const cellWidth = (i: number, cell: TableCellSpec) => (widths[i] ?? 0) - 2 * PAD_X - (cell.dot ? 11 : 0);
  const rowHeight = (row: TableCell[]) => {
    let h = 0;
    row.forEach((raw, i) => {
      const cell = spec(raw);
      const box = { width: cellWidth(i, cell), font: cell.bold ? ('bold' as const) : ('regular' as const), size };
      h = Math.max(h, pdf.measure(cell.text || ' ', { ...box, lineGap: 0.5 }));
    });
    return Math.max(h + 2 * PAD_Y, opts.minRowHeight ?? 0);
  };

  pdf.ensureSpace(headerHeight() + rowHeight(rows[0] ?? []) + 2);
  drawHeader();
  const maxRow = pdf.bottom - pdf.top - headerHeight() - 4;
  rows.forEach((row, r) => {
    const full = rowHeight(row);
    const h = Math.min(full, maxRow);
    // Only a row taller than a page is cut (Helvetica's line height is 1.156 × size).
    const maxLines = full > maxRow ? Math.max(1, Math.floor((h - 2 * PAD_Y) / (size * 1.156 + 0.5))) : undefined;
    if (doc.y + h > pdf.bottom) {
      pdf.addPage();
      drawHeader();
    }
    const y = doc.y;
    if (opts.zebra !== false && r % 2 === 1) {
      pdf.fillRect(pdf.left, y, pdf.width, h, COLOR.zebra);
    }
    row.forEach((raw, i) => {
      const cell = spec(raw);
      let x = (xs[i] ?? 0) + PAD_X;
      if (cell.box) {
        pdf.box((xs[i] ?? 0) + (widths[i] ?? 0) / 2 - 4.5, y + PAD_Y + 0.5, 9);
        return;
      }
      if (cell.dot) {
        pdf.dot(x, y + PAD_Y + size * 0.45, cell.dot, 3.5);
        x += 11;
      }
      pdf.write(cell.text, x, y + PAD_Y, {
        width: cellWidth(i, cell),
        font: cell.bold ? 'bold' : 'regular',
        size,
        color: cell.color ?? COLOR.text,
        lineGap: 0.5,
        align: columns[i]?.align ?? 'left',
        maxLines,
      });
    });
    pdf.raw(`${pdf.left} ${(y + h).toFixed(2)} m ${pdf.right.toFixed(2)} ${(y + h).toFixed(2)} l S`);
    doc.x = pdf.left;
    doc.y = y + h;
  });
  doc.y += 6;
}
