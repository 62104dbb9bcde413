import type { SessionEvent } from '../machines/session';
import { createAuthApi } from './api/auth';
import { createApiClient } from './api/client';
import { createAuthService } from './auth-service';
import { buildConfig, createRuntimeConfigLoader } from './config';
import { createSessionEffects } from './session-effects';
import { createSignInEffects, type SignInEffectDeps } from './sign-in-effects';

/**
 * Every I/O service of the SPA, built once. This module and its imports (ky, the contract schemas) are loaded on
 * demand by src/bootstrap.ts, keeping them out of the landing page's first-load JS.
 */
export function createAppServices({
  onAuthEvent,
  returnTo,
}: {
  onAuthEvent: (event: SessionEvent) => void;
  returnTo: SignInEffectDeps['returnTo'];
}) {
  const apiClient = createApiClient({ apiBase: buildConfig.apiBase });
  const runtimeConfig = createRuntimeConfigLoader(apiClient);
  const authService = createAuthService({ runtimeConfig, onEvent: onAuthEvent });
  const authApi = createAuthApi(apiClient, { authServiceToken: authService.accessToken });
  const sessionEffects = createSessionEffects({ authApi, authService });
  const signInEffects = createSignInEffects({ authService, returnTo });
  return { apiClient, runtimeConfig, authService, authApi, sessionEffects, signInEffects };
}

export type AppServices = ReturnType<typeof createAppServices>;
