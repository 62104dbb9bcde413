import fp from 'fastify-plugin';
import { createStripeClient } from '../../services/billing/provider';
import { RefundReversalService } from '../../services/refunds/service';

declare module 'fastify' {
  interface FastifyInstance {
    refunds: RefundReversalService;
  }
}

/** Admin refund reversal. */
export default fp(
  async (app) => {
    app.decorate(
      'refunds',
      new RefundReversalService(
        createStripeClient(app.config.stripe),
        app.db,
        app.billing.repo,
        app.audit,
        app.log,
      ),
    );
  },
  { name: 'refunds', dependencies: ['database', 'audit', 'billing', 'config'] },
);
