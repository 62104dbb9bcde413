/**
 * What the developer asked the Stately inspector to be: read from the address or VITE_INSPECT. Its own module so
 * that ./inspection.ts (which decides) and ./inspection-stately.ts (which builds) both depend on it, not on each
 * other.
 */

export type InspectionRequest =
  /** Opens https://stately.ai/inspect (or `url`) in a window; needs internet for the inspector UI. */
  | { transport: 'browser'; url?: string }
  /** Sends to a WebSocket relay (scripts/inspector-relay.ts), which works offline. */
  | { transport: 'ws'; url: string };

export const DEFAULT_RELAY_URL = 'ws://localhost:8080';

const OFF = new Set(['false', 'off', '0', 'no']);

/**
 * Reads the request from the address (`?inspect`, `?inspect=browser`, `?inspect=ws`, `?inspect=ws://host:port`,
 * `?inspect=off`) or, without one, from VITE_INSPECT (`true`, `browser`, `ws`, `ws://host:port`). The address
 * wins, so one page can be inspected (or not) without restarting the dev server.
 */
export function readInspectionRequest(
  search: string,
  envFlag: string | undefined,
): { request: InspectionRequest | null; problem?: string } {
  const params = new URLSearchParams(search);
  const fromAddress = params.has('inspect') ? (params.get('inspect') ?? '') : undefined;
  const [origin, raw] =
    fromAddress !== undefined ? ['?inspect', fromAddress] : ['VITE_INSPECT', envFlag ?? 'false'];
  const value = raw.trim().toLowerCase();

  if (OFF.has(value) || (value === '' && origin === 'VITE_INSPECT')) return { request: null };
  if (value === '' || value === 'true' || value === '1' || value === 'browser') {
    return { request: { transport: 'browser' } };
  }
  if (value === 'ws') return { request: { transport: 'ws', url: DEFAULT_RELAY_URL } };
  if (/^wss?:\/\/[^\s/]+/.test(value)) return { request: { transport: 'ws', url: raw.trim() } };
  return {
    request: null,
    problem: `${origin}=${raw} is not understood; use browser, ws, ws://host:port or off. Actors run uninspected.`,
  };
}
