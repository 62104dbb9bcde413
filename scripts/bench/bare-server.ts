import cookie from '@fastify/cookie';
import Fastify from 'fastify';

// The reference of the GET /api/auth/me budget: the least a Fastify route behind a signed session cookie can
// do, on the same cookie plugin and hook as the product API. scripts/bench.ts runs it in a process of its own:
//
//   PORT=… HOST=… BARE_COOKIE_NAME=… BARE_COOKIE_SECRET=… node --import tsx scripts/bench/bare-server.ts

const { PORT, HOST = '127.0.0.1', BARE_COOKIE_NAME: cookieName, BARE_COOKIE_SECRET: secret } = process.env;
if (!PORT || !cookieName || !secret)
  throw new Error('PORT, BARE_COOKIE_NAME and BARE_COOKIE_SECRET are required.');

const app = Fastify({ logger: { level: 'warn' } });
await app.register(cookie, { secret, hook: 'onRequest' });
app.get('/health', async () => ({ ok: true }));
app.get('/bare', async (request, reply) => {
  const unsigned = request.unsignCookie(request.cookies[cookieName] ?? '');
  if (!unsigned.valid) return reply.code(401).send({ code: 'unauthenticated' });
  return { id: unsigned.value, email: 'customer@example.com', role: 'user' };
});
await app.listen({ port: Number(PORT), host: HOST });
for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, () => void app.close());
