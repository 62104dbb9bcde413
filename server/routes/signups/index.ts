import type { FastifyPluginAsync } from 'fastify';
import * as v from 'valibot';
import { signupCreateSchema, signupLookupQuerySchema, signupSchema } from '../../../contract/signup';
import type { SignupRow, UserRow } from '../../db/schema';
import { conflict, forbidden } from '../../lib/http-errors';
import { responseSchema, type ValibotTypeProvider } from '../../lib/valibot-schemas';
import { startBetaTrial } from '../../services/billing/beta-trial';
import { toSignup } from '../../services/signups';

/** Signup records: the sign-up dialog's duplicate check and create, and onboarding. /api/signups */
const signupRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ValibotTypeProvider>();
  const { config } = app;
  const signupResponse = responseSchema(signupSchema);

  app.get(
    '/',
    {
      schema: {
        querystring: signupLookupQuerySchema,
        response: { 200: responseSchema(v.array(signupSchema)) },
      },
    },
    async (request) => {
      const { email } = request.query;
      if (email === '') return [];
      const row = await app.signups.findByEmail(email);
      if (!row) return [];
      const auth = await app.authenticate(request);
      return [mayReadFully(auth?.user ?? null, row) ? toSignup(row) : existenceOnly(row)];
    },
  );

  app.post(
    '/',
    {
      schema: { body: signupCreateSchema, response: { 201: signupResponse } },
      config: {
        rateLimit: { max: config.rateLimits.signups.max, timeWindow: config.rateLimits.signups.windowMs },
      },
    },
    async (request, reply) => {
      const signup = request.body;
      const auth = await app.authenticate(request);
      // Anonymous visitors may use the sign-up dialog; a signed-in user speaks only for their own address.
      if (auth && auth.user.email !== signup.normalized_email) {
        throw forbidden('You can only create a signup for your own e-mail address.');
      }
      const row = await app.signups.create(signup, auth?.user.id ?? null);
      if (!row) throw conflict('This email is already registered. Please sign in instead.');
      await startBetaTrial(app.billing, row, request.log);
      return reply.code(201).send(toSignup(row));
    },
  );
};

/** The owner of the address and admins see the record; everyone else learns only that it exists. */
function mayReadFully(user: UserRow | null, row: SignupRow): boolean {
  return user !== null && (user.email === row.normalizedEmail || user.role === 'admin');
}

/**
 * What the sign-up dialog needs to say "already registered": the address the caller typed, nothing about the
 * person or their company. Plan and interval are required by the contract's record shape.
 */
function existenceOnly(row: SignupRow) {
  return {
    name: '',
    email: row.normalizedEmail,
    normalized_email: row.normalizedEmail,
    company: null,
    company_size: null,
    plan: row.plan,
    interval: row.interval,
  };
}

export default signupRoutes;
