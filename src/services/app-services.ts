import type { SessionEvent } from '../machines/session';
import { createAccountEffects } from './account-effects';
import { createAuthApi } from './api/auth';
import { createBillingApi } from './api/billing';
import { createApiClient } from './api/client';
import { createSignupsApi } from './api/signups';
import { createAuthService } from './auth-service';
import { createBillingEffects } from './billing-effects';
import { buildConfig } from './build-config';
import { createRuntimeConfigLoader } from './config';
import type { AppEffects } from './flow-deps';
import { createLandingEffects } from './landing-effects';
import { createOnboardingEffects } from './onboarding-effects';
import { createPasswordResetEffects } from './password-reset-effects';
import { createRefundEffects } from './refund-effects';
import { createSessionEffects } from './session-effects';
import { createSessionTabs } from './session-tabs';
import { createSignInEffects, type SignInEffectDeps } from './sign-in-effects';
import { createSignupEffects } from './signup-effects';

/**
 * Every I/O service of the SPA, built once by the composition root (src/app/root.tsx). This module and its imports
 * (ky, the contract schemas) are loaded on demand, keeping them out of the landing page's first-load JS.
 */
export function createAppServices({
  onSessionEvent,
  returnTo,
}: {
  onSessionEvent: (event: SessionEvent) => void;
  returnTo: SignInEffectDeps['returnTo'];
}) {
  const apiClient = createApiClient({ apiBase: buildConfig.apiBase });
  const runtimeConfig = createRuntimeConfigLoader(apiClient);
  const authService = createAuthService({ runtimeConfig, onEvent: onSessionEvent });
  const authApi = createAuthApi(apiClient, { authServiceToken: authService.accessToken });
  const tabs = createSessionTabs({ onEvent: onSessionEvent });
  const sessionEffects = createSessionEffects({ authApi, authService, tabs });
  const signInEffects = createSignInEffects({ authService, returnTo });
  const billingEffects = createBillingEffects({
    billingApi: createBillingApi(apiClient),
    origin: window.location.origin,
  });
  const signups = createSignupsApi(apiClient);
  const signupEffects = createSignupEffects({
    signups,
    authService,
    signInEffects,
    confirmedReturnTo: returnTo.signIn,
  });
  const effects: AppEffects = {
    session: sessionEffects,
    signIn: signInEffects,
    signup: signupEffects,
    onboarding: createOnboardingEffects({ signups }),
    passwordReset: createPasswordResetEffects({ authService }),
    account: createAccountEffects({ authApi }),
    billing: billingEffects,
    refund: createRefundEffects(apiClient),
    landing: createLandingEffects({ apiClient, authService }),
  };
  return {
    apiBase: buildConfig.apiBase,
    runtimeConfig,
    effects,
    startAuthService: () => authService.client(),
  };
}

export type AppServices = ReturnType<typeof createAppServices>;
