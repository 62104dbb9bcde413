import type { ContactSnapshot } from './contact';

/*
 * The contact machine's selectors, apart from the machine so that the landing page's first load reads its
 * snapshots without carrying the machine and xstate (they load with the flows, after the first paint).
 */

export const selectErrors = (snapshot: ContactSnapshot) => snapshot.context.errors;
export const selectSendError = (snapshot: ContactSnapshot) => snapshot.context.sendError;
export const selectIsSending = (snapshot: ContactSnapshot) => snapshot.hasTag('sending');
export const selectIsSent = (snapshot: ContactSnapshot) => snapshot.status === 'done';
