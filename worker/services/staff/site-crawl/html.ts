// The little HTML reading the crawler needs, by hand rather than a DOM: pages are untrusted text,
// and only links, a few elements and their text are read. Nothing here executes page content.

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  ndash: '–',
  mdash: '—',
  rsquo: '’',
  lsquo: '‘',
  rdquo: '”',
  ldquo: '“',
  hellip: '…',
  times: '×',
  eacute: 'é',
  reg: '®',
  trade: '™',
  copy: '©',
};

export function decodeHtmlEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, entity: string) => {
    if (entity[0] === '#') {
      const code = entity[1] === 'x' || entity[1] === 'X' ? parseInt(entity.slice(2), 16) : parseInt(entity.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED_ENTITIES[entity.toLowerCase()] ?? whole;
  });
}

/** The visible text of an HTML fragment, whitespace collapsed. */
export function textOf(html: string): string {
  return decodeHtmlEntities(
    html
      .replace(/<(script|style|noscript|template)\b[\s\S]*?<\/\1\s*>/gi, ' ')
      .replace(/<br\s*\/?>/gi, ' ')
      .replace(/<[^>]*>/g, ' '),
  )
    .replace(/\s+/g, ' ')
    .trim();
}

/** The attributes of one start tag, names lower-cased, values entity-decoded. */
export function attributesOf(startTag: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  const inner = startTag.replace(/^<[a-z0-9-]+/i, '').replace(/\/?>$/, '');
  for (const match of inner.matchAll(/([^\s"'=<>`/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g)) {
    attributes[match[1]!.toLowerCase()] = decodeHtmlEntities(match[2] ?? match[3] ?? match[4] ?? '');
  }
  return attributes;
}

export interface Element {
  tag: string;
  attributes: Record<string, string>;
  /** The HTML between the start tag and its end tag (empty for void elements). */
  inner: string;
  /** Offset of the start tag in the page. */
  index: number;
}

/**
 * Elements named `tag` with their content, nesting of the same tag respected. Good enough for
 * well-formed pages; a missing end tag ends the element at the end of the text.
 */
export function elements(html: string, tag: string): Element[] {
  const found: Element[] = [];
  const open = new RegExp(`<${tag}\\b[^>]*>`, 'gi');
  const any = new RegExp(`<(/?)${tag}\\b[^>]*>`, 'gi');
  for (const start of html.matchAll(open)) {
    const contentStart = start.index! + start[0].length;
    if (start[0].endsWith('/>')) {
      found.push({ tag, attributes: attributesOf(start[0]), inner: '', index: start.index! });
      continue;
    }
    any.lastIndex = contentStart;
    let depth = 1;
    let end = html.length;
    for (let m = any.exec(html); m; m = any.exec(html)) {
      depth += m[1] ? -1 : 1;
      if (depth === 0) {
        end = m.index;
        break;
      }
    }
    found.push({ tag, attributes: attributesOf(start[0]), inner: html.slice(contentStart, end), index: start.index! });
  }
  return found;
}

/** Start tags carrying an attribute, e.g. every element with itemprop. */
export function startTagsWith(
  html: string,
  attribute: string,
): { tag: string; attributes: Record<string, string>; index: number; end: number }[] {
  const result = [];
  for (const m of html.matchAll(new RegExp(`<([a-z][a-z0-9-]*)\\b[^>]*\\b${attribute}\\s*=[^>]*>`, 'gi'))) {
    result.push({ tag: m[1]!.toLowerCase(), attributes: attributesOf(m[0]), index: m.index!, end: m.index! + m[0].length });
  }
  return result;
}

export function metaContent(html: string, name: string): string | null {
  for (const m of html.matchAll(/<meta\b[^>]*>/gi)) {
    const a = attributesOf(m[0]);
    if ((a.name ?? a.property ?? '').toLowerCase() === name && a.content) return a.content.trim();
  }
  return null;
}

/** Files that are not pages: never queued. */
const NOT_A_PAGE = /\.(?:jpe?g|png|gif|webp|svg|ico|pdf|zip|gz|mp4|mp3|webm|css|js|json|xml|txt|woff2?|ttf|docx?|xlsx?|csv)$/i;

/**
 * The same-origin page links of a page, absolute, without fragments, in page order. A page that
 * asks crawlers not to follow its links (meta robots nofollow) yields none; rel="nofollow" links are skipped.
 */
export function sameOriginLinks(html: string, pageUrl: string): string[] {
  const robotsMeta = (metaContent(html, 'robots') ?? '').toLowerCase();
  if (/\b(nofollow|none)\b/.test(robotsMeta)) return [];
  let base: URL;
  try {
    base = new URL(pageUrl);
    const baseTag = /<base\b[^>]*>/i.exec(html);
    const href = baseTag ? attributesOf(baseTag[0]).href : undefined;
    if (href) base = new URL(href, base);
  } catch {
    return [];
  }
  const origin = new URL(pageUrl).origin;
  const links: string[] = [];
  const seen = new Set<string>();
  for (const m of html.matchAll(/<a\b[^>]*>/gi)) {
    const a = attributesOf(m[0]);
    if (!a.href || /\bnofollow\b/i.test(a.rel ?? '')) continue;
    let url: URL;
    try {
      url = new URL(a.href.trim(), base);
    } catch {
      continue;
    }
    if (url.origin !== origin || (url.protocol !== 'http:' && url.protocol !== 'https:')) continue;
    if (NOT_A_PAGE.test(url.pathname)) continue;
    url.hash = '';
    const key = url.toString();
    if (seen.has(key)) continue;
    seen.add(key);
    links.push(key);
  }
  return links;
}
