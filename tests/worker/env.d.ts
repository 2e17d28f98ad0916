import type { Env as WorkerEnv } from '../../worker/env';

declare global {
  namespace Cloudflare {
    interface Env extends WorkerEnv {
      TEST_MIGRATIONS: import('cloudflare:test').D1Migration[];
      /** Base URL of the stand-ins of outside services (tests/stand-ins, started in Node). */
      STAND_IN_URL: string;
    }
  }
}
