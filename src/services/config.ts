import * as v from 'valibot';
import { type RuntimeConfig, runtimeConfigSchema } from '../../contract/session';
import { RUNTIME_CONFIG_ELEMENT_ID } from '../../contract/spa-build';
import type { ApiClient } from './api/client';

/**
 * Everything deployment-specific (docs/WIRE.md "Runtime configuration of the SPA"), learnt at run time so one build
 * runs in every environment: the server writes it into the page it sends, and GET /api/config answers it where the
 * page does not carry it (Vite's dev server). The build-time constants are in ./build-config.ts.
 */

export type { RuntimeConfig };

/** The configuration the page carries, or null when it carries none (or none of the agreed shape). */
export function readPageRuntimeConfig(
  page: Pick<Document, 'getElementById'> | undefined,
): RuntimeConfig | null {
  const text = page?.getElementById(RUNTIME_CONFIG_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    const parsed = v.safeParse(runtimeConfigSchema, JSON.parse(text));
    return parsed.success ? parsed.output : null;
  } catch {
    return null;
  }
}

/**
 * The page's configuration, else GET /config fetched on first use; answers the same promise afterwards, and a
 * failed fetch is retried next time.
 */
export function createRuntimeConfigLoader(
  client: ApiClient,
  page: Pick<Document, 'getElementById'> | undefined = globalThis.document,
): () => Promise<RuntimeConfig> {
  const carried = readPageRuntimeConfig(page);
  let pending: Promise<RuntimeConfig> | null = carried ? Promise.resolve(carried) : null;
  return () => {
    pending ??= client.get('/config', runtimeConfigSchema).catch((error: unknown) => {
      pending = null;
      throw error;
    });
    return pending;
  };
}
