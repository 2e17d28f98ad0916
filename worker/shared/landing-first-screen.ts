// The landing page's first screen (skip link, header, hero), shared by the React components that draw
// it (web/src/components/site-header.tsx, web/src/features/landing/hero.tsx) and the Worker, which
// sends the same markup in the HTML of `/` (services/first-screen.ts). The browser paints it before
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

/** The header's contact links as the header draws them: only those the business configured. */
export function headerContacts(config: PublicConfig): { call: { href: string; number: string } | null; whatsapp: { href: string } | null } {
  return {
    call: config.phone.national ? { href: telLink(config.phone.national), number: config.phone.national } : null,
    whatsapp: config.whatsapp.national ? { href: whatsappLink(config.whatsapp.national, config.whatsappGreeting.national) } : null,
  };
}
