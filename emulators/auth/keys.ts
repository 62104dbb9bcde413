import {
  type CryptoKey,
  calculateJwkThumbprint,
  exportJWK,
  generateKeyPair,
  importJWK,
  type JWK,
} from 'jose';
import type { SigningKeyRecord } from './store';

// One ES256 signing key, published as a JWKS so that supabase-js `getClaims()` and the product server verify tokens
// locally, as they would against Supabase's asymmetric keys.

export interface SigningKeys {
  kid: string;
  privateKey: CryptoKey;
  publicKey: CryptoKey;
  /** The public half as published in the JWKS. */
  publicJwk: JWK;
}

export async function createSigningKeyRecord(): Promise<SigningKeyRecord> {
  const { privateKey } = await generateKeyPair('ES256', { extractable: true });
  const privateJwk = await exportJWK(privateKey);
  return { kid: await calculateJwkThumbprint(privateJwk), privateJwk };
}

export async function importSigningKeys({ kid, privateJwk }: SigningKeyRecord): Promise<SigningKeys> {
  const { d: _privatePart, ...publicPart } = privateJwk;
  const publicJwk: JWK = { ...publicPart, kid, alg: 'ES256', use: 'sig', key_ops: ['verify'] };
  const privateKey = (await importJWK({ ...privateJwk, alg: 'ES256' }, 'ES256')) as CryptoKey;
  const publicKey = (await importJWK(publicJwk, 'ES256')) as CryptoKey;
  return { kid, privateKey, publicKey, publicJwk };
}
