import { IDENTITY_ELEMENT_ID } from '../../contract/spa-build';
import { readLocalUser } from './storage';

/**
 * The identity answer the server wrote into a signed-in page it sent with the user's session (the data block
 * IDENTITY_ELEMENT_ID; docs/WIRE.md), handed out once: the page's first check of the session reads it instead of
 * asking, and every later check asks the server. Unparsed JSON, or null when the page carries none.
 * The block leaves the page as it is read: once the user signs out, the page holds nothing of theirs
 * [product: SESSION-8] (src/main.tsx looks for it before the services load).
 * It holds only while this browser still has that user signed in (`signedInHere`, the local user every sign-out
 * clears): another tab may have signed out, or in as someone else, while this page loaded its code, before its
 * channel to the other tabs opened; the server is then asked.
 */
export function takePageIdentityOnce(
  page: Pick<Document, 'getElementById'> | undefined = globalThis.document,
  signedInHere: () => { id: string } | null = () => readLocalUser(),
): () => unknown {
  const element = page?.getElementById(IDENTITY_ELEMENT_ID);
  let text = element?.textContent ?? null;
  element?.remove?.();
  return () => {
    const taken = text;
    text = null;
    if (!taken) return null;
    try {
      const identity = JSON.parse(taken) as unknown;
      const here = signedInHere();
      const id =
        typeof identity === 'object' && identity !== null ? (identity as { id?: unknown }).id : undefined;
      return here !== null && id === here.id ? identity : null;
    } catch {
      return null;
    }
  };
}
