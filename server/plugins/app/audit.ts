import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AuditLog, type AuditOutcome } from '../../services/audit-log';

declare module 'fastify' {
  interface FastifyInstance {
    audit: AuditLog;
  }
}

/**
 * The audit log of admin and billing actions, and the hook that records what signed-in callers asked of them. An
 * anonymous refusal is not an action of anyone's: it is in the access log, and a row each would let any client fill
 * the table as fast as it can send.
 */
export default fp(
  async (app) => {
    const audit = new AuditLog(app.db);
    app.decorate('audit', audit);
    app.addHook('onResponse', async (request, reply) => {
      const entry = auditedAction(request, reply);
      if (!entry) return;
      try {
        const auth = await app.authenticate(request);
        if (!auth) return;
        await audit.record({
          actor: { id: auth.user.id, email: auth.user.email },
          ...entry,
          detail: { method: request.method, status: reply.statusCode },
        });
      } catch (error) {
        // The answer has gone out already; a lost audit row is logged, never turned into a failed request.
        request.log.error({ err: error }, 'could not write the audit log');
      }
    });
  },
  { name: 'audit', dependencies: ['database', 'auth'] },
);

/**
 * Which answers the hook records, by route pattern (never the raw URL, which the caller writes): every change a
 * caller asks of billing, and every refusal of an admin route (a refund reversal that gets past the guard records
 * itself, with what it did). A path that matched no route is no action.
 */
function auditedAction(
  request: FastifyRequest,
  reply: FastifyReply,
): { action: string; target: string; outcome: AuditOutcome } | null {
  const route = request.routeOptions.url;
  if (!route) return null;
  const status = reply.statusCode;
  const refused = status === 401 || status === 403;
  if (route.startsWith('/api/admin/')) {
    return refused
      ? {
          action: `admin${route.slice('/api/admin'.length).replaceAll('/', '.')}`,
          target: route,
          outcome: 'refused',
        }
      : null;
  }
  if (route.startsWith('/api/billing/') && request.method !== 'GET') {
    return {
      action: `billing.${route.slice('/api/billing/'.length)}`,
      target: route,
      outcome: refused ? 'refused' : status < 400 ? 'succeeded' : 'failed',
    };
  }
  return null;
}
