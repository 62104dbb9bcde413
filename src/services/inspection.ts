import type { InspectionEvent, Observer } from 'xstate';

/**
 * The one place that decides whether actors are inspected by the Stately inspector (docs/testing.md,
 * "Inspecting live state"). Every app actor is created through createAppActor (./actors.ts), which asks
 * getInspector(). Inspection is a development aid only: in a production build `import.meta.env.DEV` is the
 * constant false, so the branch below and the dynamic import of ./inspection-stately (and with it
 * @statelyai/inspect) are dropped from the bundle; scripts/check-no-inspector.ts proves it on dist/.
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

type InspectionObserver = (event: InspectionEvent) => void;

/**
 * An observer actors can take at once, forwarding to an inspector that loads asynchronously. Events that
 * arrive before it is ready are held (the most recent `limit`), so actors created at start-up still appear.
 */
export function createDeferredInspection(
  load: () => Promise<Observer<InspectionEvent>>,
  limit = 500,
): InspectionObserver {
  let target: Observer<InspectionEvent> | null = null;
  let held: InspectionEvent[] | null = [];
  load().then(
    (observer) => {
      target = observer;
      for (const event of held ?? []) observer.next?.(event);
      held = null;
    },
    (error: unknown) => {
      held = null;
      console.warn('The Stately inspector could not load; actors run uninspected.', error);
    },
  );
  return (event) => {
    if (target) {
      target.next?.(event);
    } else if (held) {
      held.push(event);
      if (held.length > limit) held.shift();
    }
  };
}

// One inspector for the whole app (one inspector window), decided on first use.
let appInspection: { observer: InspectionObserver | undefined } | null = null;

export function getInspector(): InspectionObserver | undefined {
  if (!import.meta.env.DEV) return undefined;
  appInspection ??= { observer: createAppInspection() };
  return appInspection.observer;
}

function createAppInspection(): InspectionObserver | undefined {
  const search = typeof window === 'undefined' ? '' : window.location.search;
  const { request, problem } = readInspectionRequest(search, import.meta.env.VITE_INSPECT);
  if (problem) console.warn(problem);
  if (!request) return undefined;
  return createDeferredInspection(async () => {
    const { createStatelyInspector } = await import('./inspection-stately');
    return createStatelyInspector(request).inspect;
  });
}
