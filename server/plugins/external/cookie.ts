import cookie from '@fastify/cookie';
import fp from 'fastify-plugin';

/** Cookie parsing; the secret signs the pre-session cookie (sessions themselves are random ids checked in the database). */
export default fp(
  async (app) => {
    await app.register(cookie, { secret: app.config.sessionSecret, hook: 'onRequest' });
  },
  { name: 'cookie', dependencies: ['config'] },
);
