import fp from 'fastify-plugin';

/**
 * Security headers on every answer. The CSP fits the Vite-built SPA: scripts and styles from our origin
 * (Mantine writes inline style attributes and a style tag, hence 'unsafe-inline' for styles only), API calls
 * to our origin and the auth service, no framing by anyone.
 */
export default fp(
  async (app) => {
    const { config } = app;
    const connectSources = ["'self'"];
    if (config.supabase.url) connectSources.push(new URL(config.supabase.url).origin);
    const directives = [
      "default-src 'self'",
      "script-src 'self'",
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: blob:",
      "font-src 'self' data:",
      `connect-src ${connectSources.join(' ')}`,
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "frame-ancestors 'none'",
      ...(config.secureCookies ? ['upgrade-insecure-requests'] : []),
    ];
    const headers: Record<string, string> = {
      'content-security-policy': directives.join('; '),
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'x-frame-options': 'DENY',
      'cross-origin-opener-policy': 'same-origin',
      'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=()',
    };
    if (config.secureCookies) headers['strict-transport-security'] = 'max-age=31536000; includeSubDomains';

    // Synchronous (done) hooks here and in csrf and readiness: an async hook costs a promise and a microtask
    // turn on every request.
    app.addHook('onRequest', (request, reply, done) => {
      reply.headers(headers);
      // Answers that depend on cookies must never be stored by a shared cache.
      if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
      done();
    });
  },
  { name: 'security-headers', dependencies: ['config'] },
);
