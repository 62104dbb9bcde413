import {
  createBrowserInspector,
  createWebSocketInspector,
  type StatelyInspectionEvent,
} from '@statelyai/inspect';
import type { InspectionRequest } from './inspection-request';

/**
 * Development only: loaded by ./inspection.ts behind `import.meta.env.DEV`, never part of a production build.
 * Builds the Stately inspector for the requested transport.
 */
export function createStatelyInspector(request: InspectionRequest) {
  if (request.transport === 'ws') return createWebSocketInspector({ url: request.url, ...inspectorOptions });
  return createBrowserInspector({ ...(request.url ? { url: request.url } : {}), ...inspectorOptions });
}

/**
 * Options every inspector of the app uses. Records become plain JSON (the browser inspector posts them to
 * another window, which cannot receive functions or live actors), and access tokens and passwords, which travel
 * in auth events, actor inputs and context, are replaced before anything leaves the page.
 */
export const inspectorOptions = {
  serialize: (record: StatelyInspectionEvent) => toInspectorJson(record) as StatelyInspectionEvent,
};

const SECRET_KEY = /token|password|secret|api[-_]?key|authorization/i;
const MAX_DEPTH = 10;

/** JSON copy with secret-looking string fields redacted, repeated references cut and depth capped. */
export function toInspectorJson(value: unknown): unknown {
  const depthOf = new WeakMap<object, number>();
  const seen = new WeakSet<object>();
  const json = JSON.stringify(value, function redact(this: object, key: string, item: unknown) {
    if (typeof item === 'string') return SECRET_KEY.test(key) ? '[redacted]' : item;
    if (item === null || typeof item !== 'object') return item;
    if (seen.has(item)) return '[Circular]';
    const depth = (depthOf.get(this) ?? 0) + 1;
    if (depth > MAX_DEPTH) return '[Too deep]';
    seen.add(item);
    depthOf.set(item, depth);
    return item;
  });
  return json === undefined ? undefined : JSON.parse(json);
}
