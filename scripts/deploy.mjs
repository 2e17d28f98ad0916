// npm run deploy: build the web app, apply D1 migrations to the remote database, deploy the Worker.
// Needs `wrangler login` (or CLOUDFLARE_API_TOKEN) and the resource ids in wrangler.toml.
import path from 'node:path';
import { BIN, run } from './lib.mjs';

await run(path.join(BIN, 'vite'), ['build']);
await run(path.join(BIN, 'wrangler'), ['d1', 'migrations', 'apply', 'DB', '--remote']);
await run(path.join(BIN, 'wrangler'), ['deploy']);
