import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { publicConfig } from '../../worker/routes/config';

describe('public configuration', () => {
  it('fails closed: the developer-tools guard is on unless APP_ENV is exactly development', () => {
    for (const APP_ENV of [undefined, '', 'production', 'prod', 'Development', 'test']) {
      expect(publicConfig({ ...env, APP_ENV }).devtoolsGuard, `APP_ENV=${APP_ENV}`).toBe(true);
    }
    expect(publicConfig({ ...env, APP_ENV: 'development' }).devtoolsGuard).toBe(false);
  });

  it('answers empty contacts, not sample ones, when the business has not configured them', () => {
    const unset = {
      BUSINESS_PHONE_GARDEN_ROUTE: undefined,
      BUSINESS_PHONE_NATIONAL: undefined,
      BUSINESS_WHATSAPP_GARDEN_ROUTE: undefined,
      BUSINESS_WHATSAPP_NATIONAL: undefined,
      BUSINESS_EMAIL: undefined,
      MAIN_WEBSITE_URL: undefined,
    };
    expect(publicConfig({ ...env, ...unset })).toMatchObject({
      phone: { gardenRoute: '', national: '' },
      whatsapp: { gardenRoute: '', national: '' },
      email: '',
      mainWebsiteUrl: '',
    });
  });
});
