// @vitest-environment node
// Every setting offered is one the Worker reads: the keys `npm start` passes on (scripts/lib.mjs),
// the secrets `npm run deploy` checks (scripts/deploy-check.mjs) and the README's configuration
// table. A setting with no code behind it (once, an 'optional OpenAI route') is a promise the shop
// does not keep.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SECRET_KEYS } from '../../scripts/deploy-check.mjs';

const ROOT = path.resolve(import.meta.dirname, '../..');
// scripts/lib.mjs has no type declarations; its list is plain strings.
const LIB = '../../scripts/lib.mjs';
const { CONFIG_KEYS } = (await import(LIB)) as { CONFIG_KEYS: string[] };

/** The Worker's own source, without worker/env.ts (a declaration alone reads nothing). */
function workerSource(): string {
  const dir = path.join(ROOT, 'worker');
  return (readdirSync(dir, { recursive: true }) as string[])
    .filter((file) => file.endsWith('.ts') && file !== 'env.ts')
    .map((file) => readFileSync(path.join(dir, file), 'utf8'))
    .join('\n');
}

/** The variable names in the first column of README.md's configuration table. */
function readmeSettings(): string[] {
  const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## Configuration'), readme.indexOf('## Where things live'));
  return [...section.matchAll(/^\| (.*?) \|/gm)].flatMap((row) => [...row[1]!.matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((name) => name[1]!));
}

describe('configuration keys', () => {
  const source = workerSource();
  const env = readFileSync(path.join(ROOT, 'worker/env.ts'), 'utf8');
  const readByWorker = (key: string) => new RegExp(`\\b${key}\\b`).test(source) && new RegExp(`\\b${key}\\b`).test(env);

  it('every key npm start passes on and every secret deploy checks is declared in Env and read by the Worker', () => {
    expect(CONFIG_KEYS.filter((key) => !readByWorker(key))).toEqual([]);
    expect(SECRET_KEYS.filter((key) => !readByWorker(key))).toEqual([]);
  });

  it('the README documents only settings npm start passes on', () => {
    const documented = readmeSettings();
    expect(documented.length).toBeGreaterThan(20);
    expect(documented.filter((key) => !CONFIG_KEYS.includes(key))).toEqual([]);
  });
});
