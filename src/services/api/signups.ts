import * as v from 'valibot';
import {
  type Signup,
  type SignupCreateInput,
  signupCreateSchema,
  signupLookupResponseSchema,
  signupSchema,
  signupsFromLookup,
} from '../../../contract/signup';
import type { ApiClient } from './client';

/** Signup records [product: API-8, API-9, SIGNUP-14]. */
export interface SignupsApi {
  /** Whether a signup record exists for the address; an empty address finds nothing and asks nobody. */
  exists(email: string): Promise<boolean>;
  /** Creates the record (the contract trims and lowercases the e-mail and sets normalized_email from it). */
  create(signup: SignupCreateInput): Promise<Signup>;
}

export function createSignupsApi(client: ApiClient): SignupsApi {
  return {
    exists: async (email) => {
      const address = email.trim().toLowerCase();
      if (address === '') return false;
      const answer = await client.get('/signups', signupLookupResponseSchema, {
        searchParams: { email: address },
      });
      return signupsFromLookup(answer).length > 0;
    },
    create: (signup) => client.post('/signups', signupSchema, { json: v.parse(signupCreateSchema, signup) }),
  };
}
