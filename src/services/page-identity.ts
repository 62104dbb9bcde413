import { IDENTITY_ELEMENT_ID } from '../../contract/spa-build';

/**
 * The identity answer the server wrote into a signed-in page it sent with the user's session (the data block
 * IDENTITY_ELEMENT_ID; docs/WIRE.md), handed out once: the page's first check of the session reads it instead of
 * asking, and every later check asks the server. Unparsed JSON, or null when the page carries none.
 */
export function takePageIdentityOnce(
  page: Pick<Document, 'getElementById'> | undefined = globalThis.document,
): () => unknown {
  let text = page?.getElementById(IDENTITY_ELEMENT_ID)?.textContent ?? null;
  return () => {
    const taken = text;
    text = null;
    if (!taken) return null;
    try {
      return JSON.parse(taken) as unknown;
    } catch {
      return null;
    }
  };
}
