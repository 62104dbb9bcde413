import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AuditLog, type AuditOutcome } from '../../services/audit-log';
import { createStripeClient } from '../../services/billing/provider';
import { RefundReversalService } from '../../services/refunds/service';

declare module 'fastify' {
  interface FastifyInstance {
    audit: AuditLog;
    refunds: RefundReversalService;
  }
}

/** Admin refund reversal and the audit log of admin and billing actions. */
export default fp(
  async (app) => {
    const audit = new AuditLog(app.db);
    app.decorate('audit', audit);
    app.decorate(
      'refunds',
      new RefundReversalService(
        createStripeClient(app.config.stripe),
        app.db,
        app.billing.repo,
        audit,
        app.log,
      ),
    );
    app.addHook('onResponse', async (request, reply) => {
      const entry = auditedAction(request, reply);
      if (!entry) return;
      try {
        const auth = await app.authenticate(request);
        await audit.record({
          actor: auth ? { id: auth.user.id, email: auth.user.email } : null,
          ...entry,
          detail: { method: request.method, status: reply.statusCode },
        });
      } catch (error) {
        // The answer has gone out already; a lost audit row is logged, never turned into a failed request.
        request.log.error({ err: error }, 'could not write the audit log');
      }
    });
  },
  { name: 'refunds', dependencies: ['database', 'auth', 'billing', 'config'] },
);

/**
 * Which answers the hook records: every change a caller asks of billing, and every refusal of an admin route
 * (a refund reversal that gets past the guard records itself, with what it did, in its own transaction).
 */
function auditedAction(
  request: FastifyRequest,
  reply: FastifyReply,
): { action: string; target: string; outcome: AuditOutcome } | null {
  const route = request.routeOptions.url ?? request.url.split('?')[0] ?? '';
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
