import { applyD1Migrations, env, listDurableObjectIds, runInDurableObject } from 'cloudflare:test';
import { beforeAll } from 'vitest';
import { chunks } from '../../worker/lib/chunks';
import { flushBuffer } from '../../worker/services/analytics';
import { seedCatalogueIfEmpty } from '../../worker/services/seed';
import { invalidatePriceCache } from '../../worker/services/pricing';
import { invalidateProductCatalogue } from '../../worker/services/product-catalog';
import { renderSwatchPng } from '../../worker/services/swatch-texture';

// The test files share one workerd runtime per vitest worker (`isolate: false` in
// vitest.worker.config.ts: starting a runtime and loading the worker per file cost five of the suite's
// six minutes). So that each file still starts from what it would have found alone, this runs before
// each file: empty D1 tables (migrations kept), KV, R2 (but the seed's unchanged swatches) and Durable
// Object storage, forgotten caches, then the seed.

async function emptyD1(db: D1Database): Promise<void> {
  const { results } = await db
    .prepare(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '\\_cf\\_%' ESCAPE '\\' AND name <> 'd1_migrations'",
    )
    .all<{ name: string }>();
  if (results.length === 0) return;
  const hasSequence = await db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'sqlite_sequence'").first();
  await db.batch([
    db.prepare('PRAGMA defer_foreign_keys = ON'),
    ...results.map(({ name }) => db.prepare(`DELETE FROM "${name.replace(/"/g, '""')}"`)),
    ...(hasSequence ? [db.prepare('DELETE FROM sqlite_sequence')] : []),
  ]);
}

async function emptyKv(kv: KVNamespace): Promise<void> {
  let cursor: string | undefined;
  do {
    const page = await kv.list({ cursor });
    // The day's analytics salt stays: the isolate remembers it (services/analytics.ts), as a real one would.
    await Promise.all(page.keys.filter((key) => !key.name.startsWith('analytics-salt:')).map((key) => kv.delete(key.name)));
    cursor = page.list_complete ? undefined : page.cursor;
  } while (cursor);
}

/**
 * State kept for the runtime's life. Vitest evaluates this setup file afresh before every test file,
 * so a module-level Map would start empty each time; the runtime's global object lasts.
 */
function runtimeMemo<T>(name: string, make: () => T): T {
  const store = globalThis as unknown as { __testSetupMemo?: Map<string, unknown> };
  store.__testSetupMemo ??= new Map();
  if (!store.__testSetupMemo.has(name)) store.__testSetupMemo.set(name, make());
  return store.__testSetupMemo.get(name) as T;
}

/**
 * The seed's swatch objects as it wrote them (key to etag). Their keys carry a hash of what they are
 * drawn from, so one still there with its etag is the object the seed would write again: emptying R2
 * keeps those, and the next seed skips them. Writing the 152 swatches took 1.5 s of every file.
 */
const seededSwatches = runtimeMemo('seededSwatches', () => new Map<string, string>());

/** Deletes every object but the seed's unchanged swatches; answers the keys it kept. */
async function emptyR2(bucket: R2Bucket): Promise<Set<string>> {
  const kept = new Set<string>();
  let cursor: string | undefined;
  do {
    const page = await bucket.list({ cursor, limit: 1000 });
    const doomed: string[] = [];
    for (const object of page.objects) {
      if (seededSwatches.get(object.key) === object.etag) kept.add(object.key);
      else doomed.push(object.key);
    }
    if (doomed.length > 0) await bucket.delete(doomed);
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return kept;
}

/** The bucket as the seed sees it: a swatch kept from the last file is not written again. */
function seedBucket(bucket: R2Bucket, kept: Set<string>): R2Bucket {
  const put = async (...args: Parameters<R2Bucket['put']>) => {
    const [key] = args;
    if (kept.has(key)) return null;
    const object = await bucket.put(...args);
    if (object) seededSwatches.set(key, object.etag);
    return object;
  };
  return { put } as unknown as R2Bucket; // the seed only writes
}

/** The seed's swatches, rendered once per runtime instead of once per file (they are the same each time). */
const swatches = runtimeMemo('swatchPngs', () => new Map<string, Uint8Array>());
const renderSwatchOnce: typeof renderSwatchPng = (hex, texture, size) => {
  const key = `${hex}/${texture}/${size}`;
  let png = swatches.get(key);
  if (!png) swatches.set(key, (png = renderSwatchPng(hex, texture, size)));
  return png;
};

/**
 * Every object's rows, keys and alarm. Its tables stay: an object makes them when it starts, and the
 * running object would not make them again (so no deleteAll()).
 */
async function emptyDurableObjects<T extends Rpc.DurableObjectBranded | undefined>(namespace: DurableObjectNamespace<T>): Promise<void> {
  for (const id of await listDurableObjectIds(namespace)) {
    await runInDurableObject(namespace.get(id), async (_instance: unknown, state) => {
      const tables = state.storage.sql
        .exec<{ name: string }>(
          "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '\\_cf\\_%' ESCAPE '\\'",
        )
        .toArray();
      for (const { name } of tables) state.storage.sql.exec(`DELETE FROM "${name.replace(/"/g, '""')}"`);
      const keys = [...(await state.storage.list()).keys()];
      for (const slice of chunks(keys, 128)) await state.storage.delete(slice);
      await state.storage.deleteAlarm();
    });
  }
}

beforeAll(async () => {
  // Events the last file's requests left in the isolate's analytics buffer go to its data, not ours.
  await flushBuffer(env);
  await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
  const [keptSwatches] = await Promise.all([
    emptyR2(env.MEDIA),
    emptyD1(env.DB),
    emptyKv(env.SESSIONS),
    emptyDurableObjects(env.LOGIN_GUARD),
    emptyDurableObjects(env.RATE_LIMITER),
    emptyDurableObjects(env.CHAT_SESSION),
    emptyDurableObjects(env.SCRAPE_JOB),
  ]);
  invalidatePriceCache();
  invalidateProductCatalogue();
  await seedCatalogueIfEmpty(env.DB, seedBucket(env.MEDIA, keptSwatches), renderSwatchOnce);
});
