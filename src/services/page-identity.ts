import { IDENTITY_ELEMENT_ID } from '../../contract/spa-build';

/**
 * The identity answer the server wrote into a signed-in page it sent with the user's session (the data block
 * IDENTITY_ELEMENT_ID; docs/WIRE.md), handed out once: the page's first check of the session reads it instead of
 * asking, and every later check asks the server. Unparsed JSON, or null when the page carries none.
 * The block leaves the page as it is read: once the user signs out, the page holds nothing of theirs
 * [product: SESSION-8] (src/main.tsx looks for it before the services load).
 */
export function takePageIdentityOnce(
  page: Pick<Document, 'getElementById'> | undefined = globalThis.document,
): () => unknown {
  const element = page?.getElementById(IDENTITY_ELEMENT_ID);
  let text = element?.textContent ?? null;
  element?.remove?.();
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
