import { type RuntimeConfig, runtimeConfigSchema } from '../../contract/session';
import type { ApiClient } from './api/client';

/**
 * Everything deployment-specific (docs/WIRE.md "Runtime configuration of the SPA"), fetched once at run time from
 * GET /api/config so one build runs in every environment; the build-time constants are in ./build-config.ts.
 */

export type { RuntimeConfig };

/** Fetches GET /config on first use and answers the same promise afterwards; a failure is retried next time. */
export function createRuntimeConfigLoader(client: ApiClient): () => Promise<RuntimeConfig> {
  let pending: Promise<RuntimeConfig> | null = null;
  return () => {
    pending ??= client.get('/config', runtimeConfigSchema).catch((error: unknown) => {
      pending = null;
      throw error;
    });
    return pending;
  };
}
