import { applyD1Migrations, env } from 'cloudflare:test';
import { beforeAll } from 'vitest';
import { seedCatalogueIfEmpty } from '../../worker/services/seed';
import { invalidatePriceCache } from '../../worker/services/pricing';


beforeAll(async () => {
  await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
  invalidatePriceCache();
  await seedCatalogueIfEmpty(env.DB, env.MEDIA);
});
