import type { InspectionEvent } from 'xstate';

/**
 * The one place that decides whether actors are inspected (Stately inspector). Every app actor is created through
 * createAppActor (./actors.ts), which asks this module. Default: no inspection.
 */
export function getInspector(): undefined | ((event: InspectionEvent) => void) {
  return undefined;
}
