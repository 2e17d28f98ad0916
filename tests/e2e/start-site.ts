// Starts the site as `npm start` does (scripts/start.mjs) on a free port, for the browser tests'
// global setup and for the files that need a site of their own (second-site.ts).
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { freePort } from './free-port';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** How many times a start whose port was taken meanwhile is tried again on another port. */
const PORT_ATTEMPTS = 5;

export interface StartedSite {
  baseUrl: string;
  server: ChildProcess;
}

/** Stops a started site's whole process group (npm start and its workerd). */
export function killSite(server: ChildProcess): void {
  try {
    process.kill(-server.pid!, 'SIGTERM');
  } catch {
    // already gone
  }
}

/** Builds the web app and migrates and seeds `dataDir` as `npm start` does, without serving (PREPARE_ONLY). */
export async function prepareDataDir(dataDir: string, timeoutMs: number): Promise<void> {
  const prepare = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, DATA_DIR: dataDir, PREPARE_ONLY: '1' },
  });
  let stderrTail = '';
  prepare.stderr!.on('data', (chunk: Buffer) => {
    process.stderr.write(chunk);
    stderrTail = (stderrTail + chunk.toString()).slice(-4000);
  });
  const timer = setTimeout(() => prepare.kill('SIGTERM'), timeoutMs);
  const [code, signal] = (await once(prepare, 'exit')) as [number | null, NodeJS.Signals | null];
  clearTimeout(timer);
  if (code !== 0) throw new Error(`preparing the sites' data folder failed (${code ?? signal}): ${stderrTail.slice(-1000)}`);
}

/**
 * Starts `scripts/start.mjs` with `env` and waits until it answers /api/health.
 *
 * The port is free when `freePort` answers, but nothing holds it while the site migrates, seeds and
 * starts serving: another program on the machine (another test run's site) may take it in
 * between, and then this start fails with 'Address already in use'. No port can be handed over
 * held, so a start that fails that way is started again on a new port; any other failure fails.
 * The site counts as up only once this start said it is ready: a health answer alone could come
 * from the other program on the port.
 */
export async function startSite(label: string, env: Record<string, string>, timeoutMs: number): Promise<StartedSite> {
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    // A port is taken only once the server starts, after the build: a new attempt reuses that build.
    const outcome = await startOnce(port, attempt === 1 ? env : { ...env, SKIP_BUILD: '1' }, timeoutMs);
    if (outcome.server) return { baseUrl: `http://localhost:${port}`, server: outcome.server };
    if (!outcome.portTaken || attempt >= PORT_ATTEMPTS) throw new Error(`the ${label} site did not start: ${outcome.reason}`);
    console.warn(`The ${label} site's port ${port} was taken before the server bound it; starting it again on another port.`);
  }
}

async function startOnce(
  port: number,
  env: Record<string, string>,
  timeoutMs: number,
): Promise<{ server: ChildProcess; portTaken?: never; reason?: never } | { server?: never; portTaken: boolean; reason: string }> {
  const server = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env, PORT: String(port) },
  });
  let stderrTail = '';
  let ready = false;
  server.stderr!.on('data', (chunk: Buffer) => {
    process.stderr.write(chunk);
    stderrTail = (stderrTail + chunk.toString()).slice(-4000);
  });
  // The line may arrive split across chunks: look in what came so far, not in one chunk.
  let stdoutTail = '';
  server.stdout!.on('data', (chunk: Buffer) => {
    stdoutTail = (stdoutTail + chunk.toString()).slice(-4000);
    if (stdoutTail.includes(`ready on http://localhost:${port}`)) ready = true;
  });
  const portTaken = () => /Address already in use|EADDRINUSE/.test(stderrTail);
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null || server.signalCode !== null) {
      return { portTaken: portTaken(), reason: `npm start exited with ${server.exitCode ?? server.signalCode}` };
    }
    // A server that logged the error and stayed up without serving: that start is over too.
    if (portTaken()) {
      killSite(server);
      return { portTaken: true, reason: `port ${port} was already in use` };
    }
    if (ready) {
      try {
        if ((await fetch(`http://localhost:${port}/api/health`)).ok) return { server };
      } catch {
        // not answering yet
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  killSite(server);
  return { portTaken: false, reason: `it did not become healthy within ${timeoutMs / 1000} s` };
}
