// A site of a browser test's own, beside the shared one: the build of the global setup (SKIP_BUILD),
// its own port and data folder, and the configuration the test gives (e.g. PAYMENT_PROVIDER=none).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './free-port';

const ROOT = path.resolve(import.meta.dirname, '../..');

export interface SecondSite {
  baseUrl: string;
  /** Stops the server and removes its data folder. */
  stop(): Promise<void>;
}

/** Starts the site and waits until it answers /api/health (at most 240 s: a busy 2-core machine is slow). */
export async function startSecondSite(label: string, config: Record<string, string>): Promise<SecondSite> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `blinds-e2e-${label}-`));
  const baseUrl = `http://localhost:${port}`;
  const server: ChildProcess = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, SKIP_BUILD: '1', PORT: String(port), DATA_DIR: dataDir, ...config },
  });
  const stop = async () => {
    if (server.pid && server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      try {
        process.kill(-server.pid, 'SIGTERM');
      } catch {
        // already gone
      }
      // The data folder is removed once the local runtime has stopped writing to it.
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))]);
    }
    rmSync(dataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 300 });
  };
  const deadline = Date.now() + 240_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the ${label} site exited with ${server.exitCode}`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the ${label} site did not become healthy in time`);
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  return { baseUrl, stop };
}
