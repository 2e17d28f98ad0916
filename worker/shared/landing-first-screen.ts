// The landing page's first screen (skip link, header, hero), shared by the React components that draw
// it (web/src/components/site-header.tsx, web/src/features/landing/hero.tsx) and the Worker, which
// sends the same markup in the HTML of `/` (services/page-meta.ts). The browser paints it before
// any script has run; React then draws the same page in its place. tests/e2e/landing-first-screen
// compares the two element by element, so they cannot drift apart.
import { telLink, whatsappLink, type PublicConfig } from './public-config';

export const HERO_POSTER = '/media/hero-poster.jpg';
export const HERO_VIDEOS = [
  { src: '/media/hero.webm', type: 'video/webm' },
  { src: '/media/hero.mp4', type: 'video/mp4' },
] as const;

export const HERO_COPY = {
  eyebrow: 'Made to measure in South Africa',
  title: 'Blinds, shutters and awnings made for your windows',
  lead: (assistantName: string) =>
    `Talk to ${assistantName}, our shade consultant, measure from a photo, see your blind on your own window and get a price in seconds. ` +
    'Garden Route site visits from Mossel Bay to Plettenberg Bay; courier delivery nationwide.',
  online: 'Online Tools and Quotes',
  gardenRoute: 'Garden Route Service',
} as const;

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const esc = (text: string) => text.replace(/[&<>"']/g, (ch) => ESCAPES[ch]!);

/** The header's contact links as the header draws them: only those the business configured. */
export function headerContacts(config: PublicConfig): { call: { href: string; number: string } | null; whatsapp: { href: string } | null } {
  return {
    call: config.phone.national ? { href: telLink(config.phone.national), number: config.phone.national } : null,
    whatsapp: config.whatsapp.national ? { href: whatsappLink(config.whatsapp.national, config.whatsappGreeting.national) } : null,
  };
}

/** The first screen as HTML, every configured value escaped. */
export function landingFirstScreenHtml(config: PublicConfig): string {
  const { call, whatsapp } = headerContacts(config);
  const hero = HERO_COPY;
  return (
    '<div class="page">' +
    '<a class="skip-link" href="#main">Skip to content</a>' +
    '<header class="site-header">' +
    `<a class="brand" aria-label="${esc(config.businessName)} home" href="/" data-discover="true"><img src="/favicon.svg" alt="" width="32" height="32"><span>${esc(config.businessName)}</span></a>` +
    '<nav class="site-header__actions" aria-label="Contact us">' +
    (call ? `<a class="button button--ghost" href="${esc(call.href)}"><span aria-hidden="true">☎</span> Call <span class="hide-small">${esc(call.number)}</span></a>` : '') +
    (whatsapp ? `<a class="button button--whatsapp" href="${esc(whatsapp.href)}" target="_blank" rel="noopener noreferrer">WhatsApp</a>` : '') +
    '</nav></header>' +
    '<main id="main">' +
    '<section class="hero" aria-labelledby="hero-title">' +
    `<video class="hero__video" muted loop playsinline preload="none" poster="${HERO_POSTER}" aria-hidden="true">` +
    HERO_VIDEOS.map((v) => `<source src="${v.src}" type="${v.type}">`).join('') +
    '</video>' +
    '<div class="hero__content">' +
    `<p class="eyebrow eyebrow--light">${esc(hero.eyebrow)}</p>` +
    `<h1 id="hero-title">${esc(hero.title)}</h1>` +
    `<p class="hero__lead">${esc(hero.lead(config.assistantName))}</p>` +
    `<div class="button-row"><button type="button" class="button button--accent">${esc(hero.online)}</button><button type="button" class="button button--light">${esc(hero.gardenRoute)}</button></div>` +
    '</div></section></main></div>'
  );
}
