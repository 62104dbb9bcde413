import type { FastifyPluginAsync } from 'fastify';
import * as v from 'valibot';
import { DEFAULT_INTERVAL, DEFAULT_PLAN } from '../../../contract/plans';
import { signupCreateSchema, signupLookupQuerySchema, signupSchema } from '../../../contract/signup';
import type { SignupRow, UserRow } from '../../db/schema';
import { conflict, forbidden } from '../../lib/http-errors';
import { responseSchema, type ValibotTypeProvider } from '../../lib/valibot-schemas';
import { signedIn } from '../../plugins/app/auth';
import { startBetaTrial } from '../../services/billing/beta-trial';
import { toSignup } from '../../services/signups';
import { effectiveRole } from '../../services/users';

export const SIGNUP_EXISTS = 'This email is already registered. Please sign in instead.';
export const NOT_YOUR_ADDRESS = 'You can only create a signup for your own e-mail address.';
export const CONFIRM_FIRST =
  'Please confirm your e-mail address first: open the link we sent you, then try again.';

/**
 * Signup records: the sign-up dialog's duplicate check, and onboarding's create. /api/signups
 * A record speaks for an address, so only the confirmed owner of that address may write it (docs/api.md).
 */
const signupRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ValibotTypeProvider>();
  const { config } = app;
  const signupResponse = responseSchema(signupSchema);
  const limit = (rule: { max: number; windowMs: number }) => ({
    rateLimit: { max: rule.max, timeWindow: rule.windowMs },
  });

  app.get(
    '/',
    {
      schema: {
        querystring: signupLookupQuerySchema,
        response: { 200: responseSchema(v.array(signupSchema)) },
      },
      // It tells whether an address is registered: counted per client, so nobody can sweep a list of addresses.
      config: limit(config.rateLimits.signupLookup),
    },
    async (request) => {
      const { email } = request.query;
      if (email === '') return [];
      const row = await app.signups.findByCurrentAddress(email);
      if (!row) return [];
      const auth = await app.authenticate(request);
      return [mayReadFully(auth?.user ?? null, row, config.adminEmails) ? toSignup(row) : existenceOnly(row)];
    },
  );

  app.post(
    '/',
    {
      onRequest: app.requireSession,
      schema: { body: signupCreateSchema, response: { 200: signupResponse, 201: signupResponse } },
      config: limit(config.rateLimits.signups),
    },
    async (request, reply) => {
      const signup = request.body;
      const { user } = await signedIn(request);
      await app.limitAccount(reply, 'signups', user.id, config.rateLimits.signupsPerAccount);
      if (user.email !== signup.normalized_email) throw forbidden(NOT_YOUR_ADDRESS);
      if (!user.emailVerified) throw forbidden(CONFIRM_FIRST);
      const created = await app.signups.create(signup, user.id);
      if (created) {
        await startBetaTrial(app.billing, user, created, request.log);
        // The trial is now on the user row: the session's cached copy must not answer the reload that follows
        // [product: CHECK-7].
        app.sessions.forgetUser(user.id);
        return reply.code(201).send(toSignup(created));
      }
      // The account already has a record. It wrote it itself: the duplicate answer [product: SIGNUP-10]. Somebody
      // else wrote it (the demo seed, or an anonymous visitor before sign-up needed a session; it became the
      // account's at sign-in): the account's own answers replace it. A record of another account, even one that
      // once had this address, is never touched.
      const claimed = await app.signups.claim(signup, user.id);
      if (!claimed) throw conflict(SIGNUP_EXISTS);
      request.log.info({ signupId: claimed.id, userId: user.id }, 'signup record claimed by its owner');
      // The stranger's record never started the owner's trial at the provider; starting it is idempotent.
      await startBetaTrial(app.billing, user, claimed, request.log);
      app.sessions.forgetUser(user.id);
      return reply.code(200).send(toSignup(claimed));
    },
  );
};

/** The account the record belongs to and admins see it; everyone else learns only that it exists. */
function mayReadFully(user: UserRow | null, row: SignupRow, adminEmails: readonly string[]): boolean {
  if (user === null) return false;
  return row.userId === user.id || effectiveRole(user, adminEmails) === 'admin';
}

/**
 * What the sign-up dialog needs to say "already registered": the address the caller typed and nothing else.
 * The contract's record shape requires a plan and an interval, so the defaults stand in for the real ones.
 */
function existenceOnly(row: SignupRow) {
  return {
    name: '',
    email: row.normalizedEmail,
    normalized_email: row.normalizedEmail,
    company: null,
    company_size: null,
    plan: DEFAULT_PLAN,
    interval: DEFAULT_INTERVAL,
  };
}

export default signupRoutes;
