import type { InspectionEvent, Observer } from 'xstate';
import { readInspectionRequest } from './inspection-request';

/**
 * The one place that decides whether actors are inspected by the Stately inspector (docs/testing.md,
 * "Inspecting live state"). The composition root (./root.ts) asks getInspector() once and hands the answer to
 * every actor it creates. Inspection is a development aid only: in a production build `import.meta.env.DEV` is the
 * constant false, so the branch below and the dynamic import of ./inspection-stately (and with it
 * @statelyai/inspect) are dropped from the bundle; scripts/check-no-inspector.ts proves it on dist/.
 */

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
