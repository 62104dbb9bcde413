import type { SessionEvent } from '../machines/session';
import { createAuthApi } from './api/auth';
import { createApiClient } from './api/client';
import { createAuthService } from './auth-service';
import { buildConfig } from './build-config';
import { createRuntimeConfigLoader } from './config';
import type { AppEffects } from './flow-deps';
import { createLandingEffects } from './landing-effects';
import { createSessionEffects } from './session-effects';
import { createSignInEffects, type SignInEffectDeps } from './sign-in-effects';

/**
 * Every I/O service of the SPA, built once by the composition root (src/app/root.tsx). This module and its imports
 * (ky, the contract schemas) are loaded on demand, keeping them out of the landing page's first-load JS.
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
  const landingEffects = createLandingEffects({ apiClient, authApi, authService });
  const effects: AppEffects = { session: sessionEffects, signIn: signInEffects, landing: landingEffects };
  return {
    apiBase: buildConfig.apiBase,
    runtimeConfig,
    effects,
    startAuthService: () => authService.client(),
  };
}

export type AppServices = ReturnType<typeof createAppServices>;
