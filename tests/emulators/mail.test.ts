import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildMailApp } from '../../emulators/mail/app';
import { Mailbox } from '../../emulators/mail/mailbox';

let mailbox: Mailbox;
let app: ReturnType<typeof buildMailApp>;

beforeEach(() => {
  mailbox = new Mailbox();
  app = buildMailApp({ mailbox });
});

afterEach(async () => {
  await app.close();
});

function deliver(
  to: string,
  subject: string,
  link = 'http://localhost:54321/auth/v1/verify?token=abc&type=signup',
) {
  mailbox.deliver({
    from: { Name: 'Beacon RMM', Address: 'no-reply@beacon-rmm.local' },
    to: [{ Name: '', Address: to }],
    subject,
    text: `${subject}\n\nConfirm your email: ${link}\n`,
    html: `<h2>${subject}</h2><p><a href="${link.replaceAll('&', '&amp;')}">Confirm your email</a></p>`,
  });
}

describe('Mailpit-compatible JSON API', () => {
  it('lists messages newest first with Mailpit field names', async () => {
    deliver('first@example.com', 'First');
    deliver('second@example.com', 'Second');
    const body = (await app.inject({ method: 'GET', url: '/api/v1/messages' })).json();
    expect(body).toMatchObject({ total: 2, count: 2, unread: 2 });
    expect(body.messages.map((message: { Subject: string }) => message.Subject)).toEqual(['Second', 'First']);
    expect(body.messages[0]).toMatchObject({
      ID: expect.any(String),
      From: { Name: 'Beacon RMM', Address: 'no-reply@beacon-rmm.local' },
      To: [{ Name: '', Address: 'second@example.com' }],
      Subject: 'Second',
      Created: expect.any(String),
      Snippet: expect.stringContaining('Confirm your email'),
    });
  });

  it('shows one message with its text and HTML, and accepts "latest" as an ID', async () => {
    deliver('one@example.com', 'Only');
    const latest = (await app.inject({ method: 'GET', url: '/api/v1/message/latest' })).json();
    expect(latest.Subject).toBe('Only');
    expect(latest.Text).toContain('Confirm your email:');
    expect(latest.HTML).toContain('<a href=');
    const byId = await app.inject({ method: 'GET', url: `/api/v1/message/${latest.ID}` });
    expect(byId.json().ID).toBe(latest.ID);
    expect((await app.inject({ method: 'GET', url: '/api/v1/message/nope' })).statusCode).toBe(404);
  });

  it('finds messages by recipient with search', async () => {
    deliver('alice@example.com', 'For Alice');
    deliver('bob@example.com', 'For Bob');
    const body = (
      await app.inject({ method: 'GET', url: '/api/v1/search?query=to:alice@example.com' })
    ).json();
    expect(body.messages.map((message: { Subject: string }) => message.Subject)).toEqual(['For Alice']);
  });

  it('deletes everything, or only the given IDs', async () => {
    deliver('a@example.com', 'A');
    deliver('b@example.com', 'B');
    const [newest] = mailbox.list();
    await app.inject({ method: 'DELETE', url: '/api/v1/messages', payload: { IDs: [newest?.ID] } });
    expect(mailbox.list().map((message) => message.Subject)).toEqual(['A']);
    const cleared = await app.inject({ method: 'DELETE', url: '/api/v1/messages' });
    expect(cleared.statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/v1/messages' })).json()).toMatchObject({ total: 0 });
  });

  it('accepts mail from other local services through /api/v1/send', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/send',
      payload: {
        From: { Email: 'api@beacon-rmm.local', Name: 'API' },
        To: [{ Email: 'sales@example.com' }],
        Subject: 'Contact',
        Text: 'Hello',
      },
    });
    expect(response.json()).toMatchObject({ ID: expect.any(String) });
    expect(mailbox.list()[0]).toMatchObject({ Subject: 'Contact', To: [{ Address: 'sales@example.com' }] });
  });
});

describe('the inbox and other origins', () => {
  it('gives no web page of another origin access to the e-mails (no CORS headers, no preflight)', async () => {
    deliver('someone@example.com', 'Confirm your signup');
    const read = await app.inject({
      method: 'GET',
      url: '/api/v1/messages',
      headers: { origin: 'https://evil.example' },
    });
    expect(read.statusCode).toBe(200);
    expect(read.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await app.inject({
      method: 'OPTIONS',
      url: '/api/v1/messages',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'DELETE' },
    });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    expect(preflight.headers['access-control-allow-methods']).toBeUndefined();
  });
});

describe('inbox pages', () => {
  it('lists messages in a captioned table with links to each', async () => {
    deliver('page@example.com', 'Confirm your signup');
    const html = (await app.inject({ method: 'GET', url: '/' })).body;
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<h1>Local inbox</h1>');
    expect(html).toContain('<caption>1 message, newest first</caption>');
    expect(html).toMatch(/<a href="\/view\/[^"]+">Confirm your signup<\/a>/);
  });

  it('shows a message with its links clickable by their text', async () => {
    deliver('page@example.com', 'Confirm your signup');
    const id = mailbox.list()[0]?.ID ?? '';
    const html = (await app.inject({ method: 'GET', url: `/view/${id}` })).body;
    expect(html).toContain('<h1>Confirm your signup</h1>');
    expect(html).toContain(
      '<a href="http://localhost:54321/auth/v1/verify?token=abc&amp;type=signup">Confirm your email</a>',
    );
  });

  it('escapes message content', async () => {
    deliver('x@example.com', '<script>alert(1)</script>');
    const html = (await app.inject({ method: 'GET', url: '/' })).body;
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).toContain('&lt;script&gt;');
  });
});
