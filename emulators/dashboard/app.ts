import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { escapeHtml, renderPage } from '../shared/html';
import { listenOn, type RunningEmulator } from '../shared/listen';

// The product links to an external monitoring dashboard (DASHBOARD_URL). Locally, this page stands in for it so
// that "Open Dashboard" lands somewhere recognisable instead of failing.

export const DASHBOARD_TITLE = 'Beacon RMM Dashboard (local stand-in)';

export interface DashboardEmulatorOptions {
  logger?: FastifyServerOptions['logger'];
}

function dashboardPage(path: string): string {
  return renderPage({
    title: DASHBOARD_TITLE,
    body: `<h1>${escapeHtml(DASHBOARD_TITLE)}</h1>
<p class="notice">This page stands in for the external monitoring dashboard during local development.
In production the app opens the address configured in <code>DASHBOARD_URL</code> instead.</p>
<p>Requested path: <code>${escapeHtml(path)}</code></p>`,
  });
}

export function buildDashboardApp({ logger = false }: DashboardEmulatorOptions = {}): FastifyInstance {
  const app = Fastify({ logger });
  // Any path answers, because the app may deep-link into the dashboard.
  app.get('/*', async (request, reply) =>
    reply.type('text/html; charset=utf-8').send(dashboardPage(request.url)),
  );
  return app;
}

export interface StartDashboardEmulatorOptions extends DashboardEmulatorOptions {
  /** Default 54330. */
  port?: number;
  host?: string;
  /** Bind beyond loopback (see listenOn). */
  allowRemote?: boolean;
}

export async function startDashboardEmulator({
  port = 54330,
  host = 'localhost',
  allowRemote = false,
  ...options
}: StartDashboardEmulatorOptions = {}): Promise<RunningEmulator> {
  return listenOn(buildDashboardApp(options), { port, host, allowRemote });
}
