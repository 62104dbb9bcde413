import type { SessionEvent } from '../machines/session';
import { createProductApi } from './api';
import { createApiClient } from './api/client';
import { createAuthService } from './auth-service';
import { buildConfig } from './build-config';
import { createRuntimeConfigLoader } from './config';
import type { Services } from './io-deps';
import { takePageIdentityOnce } from './page-identity';
import { createSessionTabs } from './session-tabs';

/**
 * Every I/O service of the SPA, built once by the composition root (src/app/root.ts): the product API's clients
 * and the auth service, from which each flow's I/O is made (src/app/flows.ts). This module and its imports (ky,
 * the contract schemas) are loaded on demand, keeping them out of the landing page's first-load JS.
 */
/** `onSessionEvent` is where the auth service and the other tabs report sign-ins and sign-outs. */
export function createAppServices({ onSessionEvent }: { onSessionEvent: (event: SessionEvent) => void }) {
  const apiClient = createApiClient({ apiBase: buildConfig.apiBase });
  const runtimeConfig = createRuntimeConfigLoader(apiClient);
  const authService = createAuthService({ runtimeConfig, onEvent: onSessionEvent });
  const api = createProductApi(apiClient, {
    authServiceToken: authService.accessToken,
    pageIdentity: takePageIdentityOnce(),
  });
  const services: Services = { api, authService, tabs: createSessionTabs({ onEvent: onSessionEvent }) };
  return {
    apiBase: buildConfig.apiBase,
    runtimeConfig,
    services,
    startAuthService: () => authService.client(),
  };
}

export type AppServices = ReturnType<typeof createAppServices>;
