import type { Env } from '../env';

/** The site's public origin for links in e-mails and gateway URLs: PUBLIC_BASE_URL, else the request's. */
export function publicOrigin(env: Pick<Env, 'PUBLIC_BASE_URL'>, requestUrl: string): string {
  const configured = env.PUBLIC_BASE_URL?.trim().replace(/\/+$/, '');
  return configured || new URL(requestUrl).origin;
}
