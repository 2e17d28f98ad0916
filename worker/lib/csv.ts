// RFC 4180 CSV: quoted fields may hold commas, quotes ("") and line breaks; CRLF or LF rows.

export class CsvSyntaxError extends Error {}

/** Rows of cells. A trailing line break does not make an empty last row. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          cell += '"';
          i++;
        } else quoted = false;
      } else {
        if (ch === '\n') line++;
        cell += ch;
      }
    } else if (ch === '"') {
      if (cell.trim() !== '') throw new CsvSyntaxError(`row ${line}: a quote inside an unquoted cell`);
      quoted = true;
      cell = '';
    } else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      line++;
    } else cell += ch;
  }
  if (quoted) throw new CsvSyntaxError(`row ${line}: a quoted cell is never closed`);
  if (cell !== '' || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

