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
    sessionEffects: createSessionEffects({
      authApi: auth,
      authService,
      tabs: createSessionTabs({ onEvent: onSessionEvent }),
    }),
    startAuthService: () => authService.client(),
  };
}

export type AppServices = ReturnType<typeof createAppServices>;
