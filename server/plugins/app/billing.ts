import fp from 'fastify-plugin';
import { createStripeClient, WEBHOOK_PATIENCE } from '../../services/billing/provider';
import { BillingRepository } from '../../services/billing/repository';
import { BillingService } from '../../services/billing/service';

declare module 'fastify' {
  interface FastifyInstance {
    billing: BillingService;
  }
}

/** Billing on the payment provider (the official `stripe` SDK) with its cache in our database. */
export default fp(
  async (app) => {
    const { config } = app;
    app.decorate(
      'billing',
      new BillingService(
        createStripeClient(config.stripe),
        createStripeClient(config.stripe, WEBHOOK_PATIENCE),
        new BillingRepository(app.db),
        app.audit,
        {
          publicUrl: config.publicUrl,
          trustedOrigins: new Set([config.publicUrl.origin, ...config.allowedOrigins]),
          webhookSecret: config.stripe.webhookSecret,
        },
        app.log,
      ),
    );
  },
  { name: 'billing', dependencies: ['config', 'database', 'audit'] },
);
