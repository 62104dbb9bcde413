// Unit tests must never reach the network by accident: any fetch a test has not stubbed fails loudly.
const blockedFetch: typeof fetch = async (input) => {
  throw new Error(
    `Unmocked network access in a unit test: ${String(input instanceof Request ? input.url : input)}`,
  );
};
globalThis.fetch = blockedFetch;
