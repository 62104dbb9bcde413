/**
 * Local relay for the Stately inspector, for when stately.ai cannot be reached or should not receive data.
 * Start it, then open the SPA in development with `?inspect=ws` (or VITE_INSPECT=ws):
 *
 *   npx tsx scripts/inspector-relay.ts [--port 8080] [--quiet]
 *
 * The app's actors send inspection records to ws://localhost:<port>; the relay passes them on to every other
 * client. http://localhost:<port> shows them in the Stately inspector UI (that page frames stately.ai, so it
 * needs internet); without internet, the one-line-per-record log printed here is the view.
 */
import { createWebSocketReceiver, type StatelyInspectionEvent } from '@statelyai/inspect';
import { createInspectorServer } from '@statelyai/inspect/server';

const portArgument = process.argv.indexOf('--port');
const port = portArgument >= 0 ? Number(process.argv[portArgument + 1]) : 8080;
if (!Number.isInteger(port) || port <= 0) throw new Error('--port must be a port number, e.g. --port 8080.');
const quiet = process.argv.includes('--quiet');

const server = createInspectorServer({ port, autoOpen: false });
process.stdout.write(
  `Inspector relay on ws://localhost:${port}\n` +
    `  app:       http://localhost:5173/?inspect=ws${port === 8080 ? '' : `://localhost:${port}`}  (npm run dev)\n` +
    `  inspector: http://localhost:${port}  (Stately UI; needs internet)\n`,
);

if (!quiet) {
  // The relay's server starts listening asynchronously and the receiver does not retry, so connect a moment later.
  setTimeout(() => {
    const names = new Map<string, string>();
    createWebSocketReceiver({ server: `ws://localhost:${port}` }).subscribe(
      (record: StatelyInspectionEvent) => {
        process.stdout.write(`${describeRecord(record, names)}\n`);
      },
    );
  }, 300);
}

/** One readable line per record: which actor, and the event it got or the state it reached. */
function describeRecord(record: StatelyInspectionEvent, names: Map<string, string>): string {
  if (record.type === '@xstate.actor') names.set(record.sessionId, record.name);
  const actor = names.get(record.sessionId) ?? record.sessionId;
  switch (record.type) {
    case '@xstate.actor':
      return `[${actor}] started`;
    case '@xstate.event':
      return `[${actor}] <- ${record.event.type}`;
    case '@xstate.snapshot': {
      const snapshot = record.snapshot as { status?: string; value?: unknown };
      return `[${actor}] ${snapshot.status ?? ''} ${JSON.stringify(snapshot.value ?? null)}`.trimEnd();
    }
    default:
      return `[${actor}] ${(record as { type: string }).type}`;
  }
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    server.stop();
    process.exit(0);
  });
}
