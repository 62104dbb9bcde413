import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { type Mailbox, matchesQuery, summarize } from './mailbox';
import type { StoredMessage } from './message';

// Mailpit-compatible JSON API (https://mailpit.axllent.org/docs/api-v1/), the subset tests and people use.

const DEFAULT_PAGE_SIZE = 50;

const pageQuerySchema = v.object({
  start: v.optional(v.pipe(v.string(), v.toNumber(), v.integer(), v.minValue(0)), '0'),
  limit: v.optional(v.pipe(v.string(), v.toNumber(), v.integer(), v.minValue(1)), String(DEFAULT_PAGE_SIZE)),
  query: v.optional(v.string(), ''),
});

const deleteBodySchema = v.optional(v.nullable(v.object({ IDs: v.optional(v.array(v.string())) })));

const sendAddressSchema = v.object({
  Email: v.pipe(v.string(), v.email()),
  Name: v.optional(v.string(), ''),
});
const sendBodySchema = v.object({
  From: sendAddressSchema,
  To: v.pipe(v.array(sendAddressSchema), v.minLength(1)),
  Subject: v.optional(v.string(), ''),
  Text: v.optional(v.string(), ''),
  HTML: v.optional(v.string(), ''),
});

function page(
  messages: readonly StoredMessage[],
  total: number,
  unread: number,
  start: number,
  limit: number,
) {
  const slice = messages.slice(start, start + limit).map(summarize);
  return {
    total,
    unread,
    count: slice.length,
    messages_count: messages.length,
    start,
    tags: [],
    messages: slice,
  };
}

export function registerMailApi(app: FastifyInstance, mailbox: Mailbox): void {
  const unreadCount = () => mailbox.list().filter((message) => !message.Read).length;

  app.get('/api/v1/messages', async (request, reply) => {
    const parsed = v.safeParse(pageQuerySchema, request.query);
    if (!parsed.success) return reply.code(400).type('text/plain').send(parsed.issues[0].message);
    const all = mailbox.list();
    return page(all, all.length, unreadCount(), parsed.output.start, parsed.output.limit);
  });

  app.get('/api/v1/search', async (request, reply) => {
    const parsed = v.safeParse(pageQuerySchema, request.query);
    if (!parsed.success) return reply.code(400).type('text/plain').send(parsed.issues[0].message);
    const all = mailbox.list();
    const found = all.filter((message) => matchesQuery(message, parsed.output.query));
    return page(found, all.length, unreadCount(), parsed.output.start, parsed.output.limit);
  });

  app.get<{ Params: { id: string } }>('/api/v1/message/:id', async (request, reply) => {
    const message = mailbox.get(request.params.id);
    if (!message) return reply.code(404).type('text/plain').send('Message not found');
    mailbox.markRead(message.ID);
    return {
      ...summarize(message),
      ReturnPath: message.From.Address,
      Date: message.Created,
      Text: message.Text,
      HTML: message.HTML,
      Inline: [],
      Attachments: [],
    };
  });

  app.delete('/api/v1/messages', async (request, reply) => {
    const parsed = v.safeParse(deleteBodySchema, request.body);
    if (!parsed.success) return reply.code(400).type('text/plain').send(parsed.issues[0].message);
    mailbox.delete(parsed.output?.IDs);
    return reply.type('text/plain').send('ok');
  });

  // Lets other local services (the product API, say) drop mail into the same inbox.
  app.post('/api/v1/send', async (request, reply) => {
    const parsed = v.safeParse(sendBodySchema, request.body);
    if (!parsed.success) return reply.code(400).type('text/plain').send(parsed.issues[0].message);
    const { From, To, Subject, Text, HTML } = parsed.output;
    const stored = mailbox.add({
      from: { Name: From.Name, Address: From.Email },
      to: To.map((to) => ({ Name: to.Name, Address: to.Email })),
      subject: Subject,
      text: Text,
      html: HTML,
    });
    return { ID: stored.ID };
  });
}
