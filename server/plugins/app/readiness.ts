import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** Set when this replica is about to stop: GET /api/health answers 503 so the balancer stops sending traffic. */
    readiness: { draining: boolean };
  }
}

export default fp(
  async (app) => {
    const readiness = { draining: false };
    app.decorate('readiness', readiness);
    // While draining, every answer closes its connection: clients reconnect (to another replica), and no idle
    // keep-alive socket holds the stop up until its timeout.
    app.addHook('onSend', (_request, reply, payload, done) => {
      if (readiness.draining) reply.header('connection', 'close');
      done(null, payload);
    });
  },
  { name: 'readiness' },
);
