import type { FastifyPluginAsync } from 'fastify';
import { contactCreatedSchema, contactCreateSchema } from '../../../contract/contact';
import { responseSchema, type ValibotTypeProvider } from '../../lib/valibot-schemas';

/** The landing page's contact form: /api/contact */
const contactRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ValibotTypeProvider>();
  const { contact } = app.config.rateLimits;

  app.post(
    '/',
    {
      schema: { body: contactCreateSchema, response: { 201: responseSchema(contactCreatedSchema) } },
      config: { rateLimit: { max: contact.max, timeWindow: contact.windowMs } },
    },
    async (request, reply) => {
      const auth = await app.authenticate(request);
      const stored = await app.contactMessages.create(request.body, auth?.user.id ?? null);
      request.log.info({ contactMessageId: stored.id }, 'contact message stored');
      return reply.code(201).send({ id: stored.id, created_date: stored.createdDate.toISOString() });
    },
  );
};

export default contactRoutes;
