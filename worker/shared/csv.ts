// CSV (RFC 4180), read and written in one place for the worker and the web: quoted fields may hold
// commas, quotes ("") and line breaks; CRLF or LF rows are read, CRLF rows are written.

export type CsvValue = string | number | boolean | null | undefined;

/**
 * One CSV cell (RFC 4180): quoted when it holds a quote, comma or line break. A cell a spreadsheet
 * would run as a formula (starting = + - @, tab or CR) gets a leading apostrophe (OWASP CSV injection).
 */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows of cells as a CSV file: CRLF line ends, one after the last row too. */
export function toCsv(rows: readonly (readonly CsvValue[])[]): string {
  return rows.map((row) => row.map(csvCell).join(',') + '\r\n').join('');
}

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
