import type { FastifyInstance } from 'fastify';
import type { AuthContext } from '../context';

// Public, read-only endpoints: settings (GoTrue settings.go), the JWKS that verifies access tokens, and health.

export function registerMetaRoutes(app: FastifyInstance, ctx: AuthContext): void {
  app.get('/settings', async () => ({
    external: {
      anonymous_users: false,
      apple: false,
      azure: false,
      bitbucket: false,
      discord: false,
      facebook: false,
      figma: false,
      fly: false,
      github: false,
      gitlab: false,
      google: true,
      keycloak: false,
      kakao: false,
      linkedin_oidc: false,
      notion: false,
      spotify: false,
      slack_oidc: false,
      workos: false,
      twitch: false,
      twitter: false,
      zoom: false,
      email: true,
      phone: false,
    },
    disable_signup: false,
    mailer_autoconfirm: ctx.config.autoconfirm,
    phone_autoconfirm: false,
    sms_provider: '',
    saml_enabled: false,
    saml_private_key_next_configured: false,
    passkeys_enabled: false,
  }));

  app.get('/.well-known/jwks.json', { config: { withoutApiKey: true } }, async (_request, reply) => {
    reply.header('Cache-Control', 'public, max-age=600');
    return { keys: [ctx.keys.publicJwk] };
  });

  app.get('/health', { config: { withoutApiKey: true } }, async () => ({
    version: 'emulator',
    name: 'GoTrue',
    description: 'Local stand-in for Supabase Auth (Beacon RMM auth emulator)',
  }));
}
