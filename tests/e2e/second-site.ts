// A site of a browser test's own, beside the shared one: the build of the global setup (SKIP_BUILD),
// its own port, its own copy of the global setup's migrated and seeded data folder, and the
// configuration the test gives (e.g. PAYMENT_PROVIDER=none).
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { killSite, startSite, type StartedSite } from './start-site';

export interface SecondSite {
  baseUrl: string;
  /** Stops the server and removes its data folder. */
  stop(): Promise<void>;
}

/** Starts the site and waits until it answers /api/health (at most 240 s: a busy 2-core machine is slow); see start-site.ts for the port. */
export async function startSecondSite(label: string, config: Record<string, string>): Promise<SecondSite> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `blinds-e2e-${label}-`));
  cpSync(inject('preparedDataDir'), dataDir, { recursive: true });
  let started: StartedSite;
  try {
    started = await startSite(label, { SKIP_BUILD: '1', PREPARED: '1', DATA_DIR: dataDir, ...config }, 240_000);
  } catch (err) {
    rmSync(dataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 300 });
    throw err;
  }
  const { baseUrl, server } = started;
  const stop = async () => {
    if (server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      killSite(server);
      // The data folder is removed once the local runtime has stopped writing to it.
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))]);
    }
    rmSync(dataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 300 });
  };
  return { baseUrl, stop };
}
