// The landing page's first screen as HTML, for the Worker to send in the page (services/page-meta.ts):
// the same elements React draws from worker/shared/landing-first-screen.ts, every configured value
// escaped by the `html` template. No whitespace between elements: React's output has none.
import { HERO_COPY, HERO_POSTER, HERO_VIDEOS, headerContacts } from '../shared/landing-first-screen';
import type { PublicConfig } from '../shared/public-config';
import { html, type SafeHtml } from '../lib/html';

function header(config: PublicConfig): SafeHtml {
  const { call, whatsapp } = headerContacts(config);
  const brand = html`<a class="brand" aria-label="${config.businessName} home" href="/" data-discover="true"><img src="/favicon.svg" alt="" width="32" height="32"><span>${config.businessName}</span></a>`;
  const callLink =
    call &&
    html`<a class="button button--ghost" href="${call.href}"><span aria-hidden="true">☎</span> Call <span class="hide-small">${call.number}</span></a>`;
  const whatsappLink =
    whatsapp && html`<a class="button button--whatsapp" href="${whatsapp.href}" target="_blank" rel="noopener noreferrer">WhatsApp</a>`;
  return html`<header class="site-header">${brand}<nav class="site-header__actions" aria-label="Contact us">${callLink}${whatsappLink}</nav></header>`;
}

function hero(config: PublicConfig): SafeHtml {
  const sources = HERO_VIDEOS.map((v) => html`<source src="${v.src}" type="${v.type}">`);
  const video = html`<video class="hero__video" muted loop playsinline preload="none" poster="${HERO_POSTER}" aria-hidden="true">${sources}</video>`;
  const buttons = html`<div class="button-row"><button type="button" class="button button--accent">${HERO_COPY.online}</button><button type="button" class="button button--light">${HERO_COPY.gardenRoute}</button></div>`;
  const content = html`<div class="hero__content"><p class="eyebrow eyebrow--light">${HERO_COPY.eyebrow}</p><h1 id="hero-title">${HERO_COPY.title}</h1><p class="hero__lead">${HERO_COPY.lead(config.assistantName)}</p>${buttons}</div>`;
  return html`<section class="hero" aria-labelledby="hero-title">${video}${content}</section>`;
}

export function landingFirstScreenHtml(config: PublicConfig): string {
  return String(
    html`<div class="page"><a class="skip-link" href="#main">Skip to content</a>${header(config)}<main id="main">${hero(config)}</main></div>`,
  );
}
