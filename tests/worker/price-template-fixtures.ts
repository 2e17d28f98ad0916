// A price-list template filled in the way staff would, shared by the worker and browser tests of
// products staff add (plain text in, plain text out: no workerd imports).

/** The template with every price cell set: 500 rand plus 1 rand per 10 mm of width and drop. */
export function filledInTemplate(template: string): string {
  const rows = template
    .trim()
    .split(/\r?\n/)
    .map((l) => l.split(','));
  const widths = rows[0]!.slice(1).map(Number);
  return rows
    .map((row, i) => (i === 0 ? row.join(',') : [row[0], ...widths.map((w) => (500 + (w + Number(row[0])) / 10).toFixed(2))].join(',')))
    .join('\r\n');
}
