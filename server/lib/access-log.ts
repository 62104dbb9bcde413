import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

const READS = new Set(['GET', 'HEAD']);

/**
 * The access log: one line per request instead of Fastify's two ("incoming request", then "request completed"),
 * carrying the request (method, url, host, client address), the status and the time taken. A successful read
 * (GET or HEAD below 400) is logged at debug; every write, every refusal (4xx) and every failure at info or error.
 * Each line costs a serialization, a redaction and a write: at info for every request, logging was the largest
 * part of GET /api/auth/me's CPU (docs/bench.md). LOG_LEVEL=debug logs every request again.
 * Errors, 404s and the other lines of Fastify's LogController are unchanged.
 */
export class AccessLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    const fields = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...fields, err: error }, 'request errored');
    else if (READS.has(request.method) && reply.statusCode < 400)
      reply.log.debug(fields, 'request completed');
    else reply.log.info(fields, 'request completed');
  }
}
