import type { Env } from '../env';

/**
 * Fail closed on configuration (DESIGN.md section 7): only APP_ENV exactly 'development' is
 * development; unset, misspelt or anything else is production. Development-only conveniences
 * (built-in secrets, sample behaviour) must ask this, never `APP_ENV !== 'production'`.
 */
export function isDevelopment(env: Pick<Env, 'APP_ENV'>): boolean {
  return env.APP_ENV === 'development';
}

export function isProduction(env: Pick<Env, 'APP_ENV'>): boolean {
  return !isDevelopment(env);
}
