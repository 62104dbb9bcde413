// The shapes a sender hands to the inbox, and the Mailpit-style shapes the inbox answers with.

export interface MailAddress {
  Name: string;
  Address: string;
}

/** What a sender (the auth emulator, or anything posting to /api/v1/send) delivers. */
export interface OutgoingMail {
  from: MailAddress;
  to: MailAddress[];
  subject: string;
  text: string;
  html: string;
}

/** Anything that can take delivery of an e-mail; the inbox is one, a test double is another. */
export interface MailSink {
  deliver(mail: OutgoingMail): void | Promise<void>;
}

export interface StoredMessage {
  ID: string;
  MessageID: string;
  Read: boolean;
  From: MailAddress;
  To: MailAddress[];
  Subject: string;
  Created: string;
  Text: string;
  HTML: string;
}

/** One row of `GET /api/v1/messages`, as Mailpit lists it. */
export interface MessageSummary {
  ID: string;
  MessageID: string;
  Read: boolean;
  From: MailAddress;
  To: MailAddress[];
  Cc: MailAddress[];
  Bcc: MailAddress[];
  ReplyTo: MailAddress[];
  Subject: string;
  Created: string;
  Tags: string[];
  Size: number;
  Attachments: number;
  Snippet: string;
}

export function formatAddress({ Name, Address }: MailAddress): string {
  return Name ? `${Name} <${Address}>` : Address;
}
