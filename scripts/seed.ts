// Seeds the local database and bucket (DATA_DIR) with the sample catalogue when it is empty,
// through wrangler's platform proxy: the same seedCatalogueIfEmpty the deployed Worker runs.
import path from 'node:path';
import { getPlatformProxy } from 'wrangler';
import type { Env } from '../worker/env';
import { seedCatalogueIfEmpty } from '../worker/services/seed';

const dataDir = path.resolve(process.env.DATA_DIR ?? '.wrangler/state');
const proxy = await getPlatformProxy<Env>({
  configPath: 'wrangler.toml',
  persist: { path: path.join(dataDir, 'v3') },
  remoteBindings: false,
});
try {
  const result = await seedCatalogueIfEmpty(proxy.env.DB, proxy.env.MEDIA);
  console.log(
    result.seeded
      ? `Seeded sample catalogue: ${result.products} products, ${result.colours} colours with swatches, ${result.priceLists} sample price lists.`
      : 'Catalogue already present: not seeded again.',
  );
} finally {
  await proxy.dispose();
}
