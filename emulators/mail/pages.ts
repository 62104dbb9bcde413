import type { FastifyInstance } from 'fastify';
import { escapeHtml, renderPage } from '../shared/html';
import type { Mailbox } from './mailbox';
import { formatAddress, type StoredMessage } from './message';

// Human-readable inbox. Messages are shown as text with their links extracted and clickable, rather than by
// embedding the HTML body: it keeps the page accessible and the links reachable by role and name.

const ENTITY_DECODES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
};

function decodeEntities(value: string): string {
  return value.replace(/&(amp|lt|gt|quot|#39);/g, (entity) => ENTITY_DECODES[entity] ?? entity);
}

/** The `<a href>` links of an HTML body, with their visible text. Good enough for the mails we render. */
export function extractLinks(html: string): { text: string; href: string }[] {
  const links: { text: string; href: string }[] = [];
  for (const match of html.matchAll(/<a\b[^>]*\bhref="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi)) {
    const text = decodeEntities((match[2] ?? '').replace(/<[^>]*>/g, '').trim());
    links.push({ href: decodeEntities(match[1] ?? ''), text: text || 'Link' });
  }
  return links;
}

function linkify(text: string): string {
  return text
    .split(/(https?:\/\/[^\s<>"]+)/g)
    .map((part, index) => {
      const escaped = escapeHtml(part);
      return index % 2 === 1 ? `<a href="${escaped}">${escaped}</a>` : escaped;
    })
    .join('');
}

function listPage(messages: readonly StoredMessage[]): string {
  const rows = messages
    .map(
      (message) => `<tr>
  <td><a href="/view/${encodeURIComponent(message.ID)}">${escapeHtml(message.Subject || '(no subject)')}</a></td>
  <td>${escapeHtml(message.To.map(formatAddress).join(', '))}</td>
  <td><time datetime="${escapeHtml(message.Created)}">${escapeHtml(message.Created)}</time></td>
</tr>`,
    )
    .join('\n');
  const table =
    messages.length === 0
      ? '<p>The inbox is empty.</p>'
      : `<table>
<caption>${messages.length} message${messages.length === 1 ? '' : 's'}, newest first</caption>
<thead><tr><th scope="col">Subject</th><th scope="col">To</th><th scope="col">Received</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>`;
  return renderPage({
    title: 'Local inbox',
    body: `<h1>Local inbox</h1>
<p class="notice">Every e-mail the local auth emulator sends lands here; nothing leaves this machine.
The same data is available as JSON at <a href="/api/v1/messages">/api/v1/messages</a>.</p>
<form method="post" action="/clear"><button type="submit">Delete all messages</button></form>
${table}`,
  });
}

function messagePage(message: StoredMessage): string {
  const links = extractLinks(message.HTML);
  const linkList =
    links.length === 0
      ? ''
      : `<h2>Links</h2>
<ul>
${links.map((link) => `<li><a href="${escapeHtml(link.href)}">${escapeHtml(link.text)}</a></li>`).join('\n')}
</ul>`;
  return renderPage({
    title: `${message.Subject} - Local inbox`,
    body: `<p><a href="/">Back to the inbox</a></p>
<h1>${escapeHtml(message.Subject || '(no subject)')}</h1>
<dl>
  <dt>From</dt><dd>${escapeHtml(formatAddress(message.From))}</dd>
  <dt>To</dt><dd>${escapeHtml(message.To.map(formatAddress).join(', '))}</dd>
  <dt>Received</dt><dd><time datetime="${escapeHtml(message.Created)}">${escapeHtml(message.Created)}</time></dd>
</dl>
${linkList}
<h2>Message</h2>
<pre>${linkify(message.Text)}</pre>`,
  });
}

export function registerMailPages(app: FastifyInstance, mailbox: Mailbox): void {
  app.get('/', async (_request, reply) =>
    reply.type('text/html; charset=utf-8').send(listPage(mailbox.list())),
  );

  app.get<{ Params: { id: string } }>('/view/:id', async (request, reply) => {
    const message = mailbox.get(request.params.id);
    if (!message) {
      return reply
        .code(404)
        .type('text/html; charset=utf-8')
        .send(
          renderPage({
            title: 'Message not found',
            body: '<h1>Message not found</h1><p><a href="/">Back to the inbox</a></p>',
          }),
        );
    }
    mailbox.markRead(message.ID);
    return reply.type('text/html; charset=utf-8').send(messagePage(message));
  });

  app.post('/clear', async (_request, reply) => {
    mailbox.delete();
    return reply.redirect('/', 303);
  });
}
