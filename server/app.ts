import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import fp from 'fastify-plugin';
import pino from 'pino';
import { chooseLogFormat, logFormatOptions } from '../contract/log-format';
import type { Config } from './config';
import { AccessLog } from './lib/access-log';
import { HttpError } from './lib/http-errors';
import { valibotValidatorCompiler } from './lib/valibot-schemas';
import audit from './plugins/app/audit';
import auth, { type AuthPluginOptions } from './plugins/app/auth';
import billing from './plugins/app/billing';
import configPlugin from './plugins/app/config';
import csrf from './plugins/app/csrf';
import database from './plugins/app/database';
import errorHandler from './plugins/app/error-handler';
import housekeeping from './plugins/app/housekeeping';
import notFound from './plugins/app/not-found';
import readiness from './plugins/app/readiness';
import refunds from './plugins/app/refunds';
import repositories from './plugins/app/repositories';
import securityHeaders from './plugins/app/security-headers';
import cookie from './plugins/external/cookie';
import rateLimit from './plugins/external/rate-limit';
import staticFiles from './plugins/external/static';
import adminRoutes from './routes/admin';
import authRoutes from './routes/auth';
import billingRoutes from './routes/billing';
import configRoutes from './routes/config';
import contactRoutes from './routes/contact';
import healthRoutes from './routes/health';
import orgRoutes from './routes/org';
import signupRoutes from './routes/signups';
import webhookRoutes from './routes/webhooks';

export type AppOptions = AuthPluginOptions & { config: Config };

/** Fastify's own settings: logging, limits and timeouts (explicit, so a slow client cannot hold a socket). */
export function serverOptions(config: Config): FastifyServerOptions {
  const logFormat = chooseLogFormat(config.logFormat, process.stdout.isTTY);
  return {
    logger: {
      level: config.logLevel,
      ...logFormatOptions(logFormat),
      ...(logFormat === 'json' && { stream: jsonLogDestination() }),
      redact: {
        paths: [
          'req.headers.cookie',
          'req.headers.authorization',
          'req.headers["x-csrf-token"]',
          'res.headers["set-cookie"]',
        ],
        censor: '[redacted]',
      },
    },
    logController: new AccessLog(),
    bodyLimit: config.bodyLimitBytes,
    trustProxy: trustProxyOption(config.trustProxy),
    connectionTimeout: 60_000,
    requestTimeout: 30_000,
    // Longer than the usual load balancer idle timeout (60 s), so the balancer closes idle sockets first.
    keepAliveTimeout: 72_000,
    // PGlite's first start and the migrations take a few seconds.
    pluginTimeout: 60_000,
    return503OnClosing: true,
    // A malformed address (`/%zz`) is the caller's mistake: answered by our one error handler, like any other.
    frameworkErrors: (error, request, reply) => {
      const invalid = new HttpError(400, 'bad_request', 'The address is not valid.', undefined, error);
      // Fastify answers these before routing, outside every plugin's scope: hand them to the root's handler.
      return reply.server.errorHandler(invalid as never, request, reply);
    },
    forceCloseConnections: 'idle',
  };
}

let jsonDestination: pino.DestinationStream | undefined;

/**
 * JSON lines to stdout, buffered: a write per line cost the API a tenth of its CPU under load (docs/bench.md). Lines
 * leave in blocks of 4 KB or at most 200 ms after they were logged, and pino writes out what is left when the process
 * exits; only a SIGKILL can lose the last 200 ms. One destination for every instance in the process (tests build many).
 */
function jsonLogDestination(): pino.DestinationStream {
  jsonDestination ??= pino.destination({ dest: 1, sync: false, minLength: 4096, periodicFlush: 200 });
  return jsonDestination;
}

/** A hop count as the function Fastify itself makes of one (its types accept no number). */
function trustProxyOption(trust: Config['trustProxy']): FastifyServerOptions['trustProxy'] {
  return typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;
}

/**
 * The product API and the SPA as one plugin: third-party plugins first, then our services, then one folder
 * of routes per resource. Register it on a Fastify instance made with `serverOptions` (see buildApp).
 */
export const beaconApp = fp<AppOptions>(
  async (app, options) => {
    app.setValidatorCompiler(valibotValidatorCompiler);
    // JSON only: without a text/plain parser, a form or text body is refused with 415 before any handler runs.
    app.removeContentTypeParser('text/plain');

    await app.register(configPlugin, { config: options.config });
    await app.register(readiness);
    await app.register(errorHandler);
    await app.register(securityHeaders);
    await app.register(database);

    // Third-party plugins.
    await app.register(cookie);
    await app.register(rateLimit);
    await app.register(staticFiles);

    // Our services.
    await app.register(repositories);
    await app.register(auth, {
      ...(options.tokenKeys ? { tokenKeys: options.tokenKeys } : {}),
      ...(options.authServiceUsers ? { authServiceUsers: options.authServiceUsers } : {}),
    });
    await app.register(csrf);
    await app.register(audit);
    await app.register(billing);
    await app.register(refunds);
    await app.register(housekeeping);
    await app.register(notFound);

    // Routes, one folder per resource.
    await app.register(authRoutes, { prefix: '/api/auth' });
    await app.register(signupRoutes, { prefix: '/api/signups' });
    await app.register(contactRoutes, { prefix: '/api/contact' });
    await app.register(orgRoutes, { prefix: '/api/org' });
    await app.register(healthRoutes, { prefix: '/api/health' });
    await app.register(configRoutes, { prefix: '/api/config' });
    await app.register(billingRoutes, { prefix: '/api/billing' });
    await app.register(webhookRoutes, { prefix: '/api/webhooks' });
    await app.register(adminRoutes, { prefix: '/api/admin' });
  },
  { name: 'beacon-app' },
);

/** A ready instance (tests talk to it with `inject`; main.ts also listens). */
export async function buildApp(
  options: AppOptions,
  overrides: FastifyServerOptions = {},
): Promise<FastifyInstance> {
  const app = Fastify({ ...serverOptions(options.config), ...overrides });
  await app.register(beaconApp, options);
  await app.ready();
  return app;
}
