import type { FastifyPluginAsync } from 'fastify';
import { orgResponseSchema } from '../../../contract/session';
import { responseSchema, type ValibotTypeProvider } from '../../lib/valibot-schemas';
import { signedIn } from '../../plugins/app/auth';
import { organizationOf } from '../../services/signups';

const NOT_SPECIFIED = 'Not specified';

/** The signed-in user's organization: /api/org/ */
const orgRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ValibotTypeProvider>();

  app.get(
    '/',
    { onRequest: app.requireSession, schema: { response: { 200: responseSchema(orgResponseSchema) } } },
    async (request) => {
      const { user } = await signedIn(request);
      return { name: organizationOf(user, await app.signups.findByUser(user.id)) ?? NOT_SPECIFIED };
    },
  );
};

export default orgRoutes;
