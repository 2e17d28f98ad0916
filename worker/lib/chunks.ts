// D1 binds at most 100 parameters per statement: lists that grow with the data (a customer's
// orders, quotes and e-mails) are sent in slices that stay below it.

/** Leaves room for the statement's own few parameters next to the list. */
export const D1_LIST_SLICE = 80;

/** `items` in consecutive slices of at most `size` (none for an empty list). */
export function chunks<T>(items: readonly T[], size = D1_LIST_SLICE): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Runs `query` once per slice of `items` and joins the rows. */
export async function selectInSlices<T, R>(items: readonly T[], query: (slice: T[]) => Promise<R[]>, size = D1_LIST_SLICE): Promise<R[]> {
  const rows: R[] = [];
  for (const slice of chunks(items, size)) rows.push(...(await query(slice)));
  return rows;
}
