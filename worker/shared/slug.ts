// Shared with the web app (file names of saved previews); worker code may import it from here.
// One slug for every id made from a name (seed catalogue, catalogue editor, colour extraction,
// outdoor colours): 'Bedford Charcoal' -> 'bedford-charcoal', 'Crème & Sand' -> 'creme-and-sand'.
// A seed slug is a stored id, so this must keep giving the seed's names the slugs they have.

const MAX_SLUG_LENGTH = 60;

/** Lower-case ASCII words joined by '-', at most 60 characters; `fallback` when nothing is left. */
export function slugify(text: string, fallback = ''): string {
  return (
    text
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/&/g, ' and ')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, MAX_SLUG_LENGTH) || fallback
  );
}
