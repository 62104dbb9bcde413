import type { SessionEvent } from '../machines/session';
import { createAuthApi } from './api/auth';
import { createBillingApi } from './api/billing';
import { createApiClient } from './api/client';
import { createContactApi } from './api/contact';
import { createRefundsApi } from './api/refunds';
import { createSignupsApi } from './api/signups';
import { createAuthService } from './auth-service';
import { buildConfig } from './build-config';
import { createRuntimeConfigLoader } from './config';
import type { Services } from './io-deps';
import { createSessionEffects } from './session-effects';

/**
 * Every I/O service of the SPA, built once by the composition root (src/app/root.ts): the product API's clients
 * and the auth service, from which each flow's I/O is made (src/app/flows.ts). This module and its imports (ky,
 * the contract schemas) are loaded on demand, keeping them out of the landing page's first-load JS.
 */
export function createAppServices({ onAuthEvent }: { onAuthEvent: (event: SessionEvent) => void }) {
  const apiClient = createApiClient({ apiBase: buildConfig.apiBase });
  const runtimeConfig = createRuntimeConfigLoader(apiClient);
  const authService = createAuthService({ runtimeConfig, onEvent: onAuthEvent });
  const auth = createAuthApi(apiClient, { authServiceToken: authService.accessToken });
  const services: Services = {
    api: {
      auth,
      billing: createBillingApi(apiClient),
      signups: createSignupsApi(apiClient),
      contact: createContactApi(apiClient),
      refunds: createRefundsApi(apiClient),
    },
    authService,
  };
  return {
    apiBase: buildConfig.apiBase,
    runtimeConfig,
    services,
    sessionEffects: createSessionEffects({ authApi: auth, authService }),
    startAuthService: () => authService.client(),
  };
}

export type AppServices = ReturnType<typeof createAppServices>;
