import { randomBytes } from 'node:crypto';
import type { MailSink, MessageSummary, OutgoingMail, StoredMessage } from './message';

const SNIPPET_LENGTH = 250;

/** An in-memory inbox. Messages are kept newest first, as Mailpit lists them. */
export class Mailbox implements MailSink {
  #messages: StoredMessage[] = [];

  constructor(private readonly now: () => Date = () => new Date()) {}

  deliver(mail: OutgoingMail): void {
    this.add(mail);
  }

  /** Stores the mail and answers the stored message. */
  add(mail: OutgoingMail): StoredMessage {
    const id = randomBytes(16).toString('base64url');
    const message: StoredMessage = {
      ID: id,
      MessageID: `${id}@emulator.local`,
      Read: false,
      From: mail.from,
      To: mail.to,
      Subject: mail.subject,
      Created: this.now().toISOString(),
      Text: mail.text,
      HTML: mail.html,
    };
    this.#messages.unshift(message);
    return message;
  }

  /** Newest first. */
  list(): readonly StoredMessage[] {
    return this.#messages;
  }

  /** `latest` is accepted as an ID, like Mailpit does. */
  get(id: string): StoredMessage | undefined {
    if (id === 'latest') return this.#messages[0];
    return this.#messages.find((message) => message.ID === id);
  }

  markRead(id: string): void {
    const message = this.get(id);
    if (message) message.Read = true;
  }

  /** Deletes the given IDs, or everything when none are given. */
  delete(ids?: readonly string[]): void {
    if (!ids || ids.length === 0) {
      this.#messages = [];
      return;
    }
    const doomed = new Set(ids);
    this.#messages = this.#messages.filter((message) => !doomed.has(message.ID));
  }
}

export function summarize(message: StoredMessage): MessageSummary {
  return {
    ID: message.ID,
    MessageID: message.MessageID,
    Read: message.Read,
    From: message.From,
    To: message.To,
    Cc: [],
    Bcc: [],
    ReplyTo: [],
    Subject: message.Subject,
    Created: message.Created,
    Tags: [],
    Size: Buffer.byteLength(message.Text) + Buffer.byteLength(message.HTML),
    Attachments: 0,
    Snippet: message.Text.replace(/\s+/g, ' ').trim().slice(0, SNIPPET_LENGTH),
  };
}

/**
 * A small subset of Mailpit's search syntax, enough for tests that share one inbox:
 * `to:addr`, `from:addr`, `subject:"words"`, and bare words matched against subject and text.
 */
export function matchesQuery(message: StoredMessage, query: string): boolean {
  const terms = query.match(/(\w+:)?("[^"]*"|\S+)/g) ?? [];
  return terms.every((term) => {
    const [, field, raw] = /^(?:(\w+):)?(.*)$/.exec(term) ?? [];
    const needle = (raw ?? '').replace(/^"|"$/g, '').toLowerCase();
    switch (field?.toLowerCase()) {
      case 'to':
        return message.To.some((to) => `${to.Name} ${to.Address}`.toLowerCase().includes(needle));
      case 'from':
        return `${message.From.Name} ${message.From.Address}`.toLowerCase().includes(needle);
      case 'subject':
        return message.Subject.toLowerCase().includes(needle);
      default:
        return `${message.Subject}\n${message.Text}`.toLowerCase().includes(needle);
    }
  });
}
