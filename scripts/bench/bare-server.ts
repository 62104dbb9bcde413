import cookie from '@fastify/cookie';
import Fastify from 'fastify';

// The reference of the GET /api/auth/me budget: the leanest honest Fastify route behind a signed cookie. Logger
// off, a response schema (so fast-json-stringify writes the answer, as the product's schemas do), the same cookie
// plugin and hook as the product API, and nothing else. It runs in a process of its own:
//
//   PORT=… HOST=… BARE_COOKIE_NAME=… BARE_COOKIE_SECRET=… node --import tsx scripts/bench/bare-server.ts

const { PORT, HOST = '127.0.0.1', BARE_COOKIE_NAME: cookieName, BARE_COOKIE_SECRET: secret } = process.env;
if (!PORT || !cookieName || !secret)
  throw new Error('PORT, BARE_COOKIE_NAME and BARE_COOKIE_SECRET are required.');

const identity = {
  type: 'object',
  properties: { id: { type: 'string' }, email: { type: 'string' }, role: { type: 'string' } },
  required: ['id', 'email', 'role'],
} as const;
const refusal = { type: 'object', properties: { code: { type: 'string' } } } as const;

const app = Fastify({ logger: false });
await app.register(cookie, { secret, hook: 'onRequest' });
app.get('/health', async () => ({ ok: true }));
app.get('/bare', { schema: { response: { 200: identity, 401: refusal } } }, async (request, reply) => {
  const unsigned = request.unsignCookie(request.cookies[cookieName] ?? '');
  if (!unsigned.valid) return reply.code(401).send({ code: 'unauthenticated' });
  return { id: unsigned.value, email: 'customer@example.com', role: 'user' };
});
await app.listen({ port: Number(PORT), host: HOST });
for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, () => void app.close());
