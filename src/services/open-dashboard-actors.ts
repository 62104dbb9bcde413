import { fromPromise } from 'xstate';
import type { FlowDeps } from './flow-deps';

/** The openDashboard machine's actor and action, as the app provides them (src/app/flows.ts). */
export function openDashboardImplementations({ effects }: FlowDeps) {
  const dashboard = async () => (await effects()).dashboard;
  return {
    actors: {
      refreshSession: fromPromise<unknown>(async () => (await dashboard()).refreshSession()),
    },
    actions: {
      openInNewTab: (_: unknown, params: { url: string }) => {
        void dashboard().then((effects) => effects.openInNewTab(params.url));
      },
    },
  };
}
