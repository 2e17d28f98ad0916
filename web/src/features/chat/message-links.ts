// Links in the consultant's plain-text answers: https:// addresses open in a new tab, and the
// site's own public pages named by path (e.g. '/measuring-guide') open in the app. Text stays text.
import { PUBLIC_PAGE_PATHS } from '@shared/public-page-paths';

export type MessagePart = { text: string } | { href: string; external: boolean };

const SITE_PATHS = PUBLIC_PAGE_PATHS.filter((p) => p !== '/').sort((a, b) => b.length - a.length);
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
// A site path stands alone: not followed by more of a path (and, checked below, not inside a word).
// A site path may carry a query ('/quote-calculator?blinds=...', the consultant's quote with its sizes filled in).
const LINK_PATTERN = new RegExp(`https://[^\\s<>"]+|(?:${SITE_PATHS.map(escape).join('|')})(?:\\?[\\w=:,.&%-]+)?(?![\\w/-])`, 'g');
const TRAILING_PUNCTUATION = /[.,;:!?)\]}'"]+$/;

/** The answer split into text and links, in order. */
export function messageParts(text: string): MessagePart[] {
  const parts: MessagePart[] = [];
  let at = 0;
  for (const match of text.matchAll(LINK_PATTERN)) {
    const start = match.index;
    const external = match[0].startsWith('https://');
    // '/quote' in 'a/quote' or 'x.co.za/track' is part of something else (no lookbehind: older Safari).
    if (!external && start > 0 && !/[\s(]/.test(text[start - 1]!)) continue;
    if (start > at) parts.push({ text: text.slice(at, start) });
    const trailing = TRAILING_PUNCTUATION.exec(match[0])?.[0] ?? '';
    const href = trailing ? match[0].slice(0, -trailing.length) : match[0];
    parts.push({ href, external });
    if (trailing) parts.push({ text: trailing });
    at = start + match[0].length;
  }
  if (at < text.length) parts.push({ text: text.slice(at) });
  return parts;
}
