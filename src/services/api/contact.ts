import { type ContactCreate, type ContactCreated, contactCreatedSchema } from '../../../contract/contact';
import type { ApiClient } from './client';

/** Contact messages [product: CLIENT-1]. */
export interface ContactApi {
  /** POST /contact: stores the message. */
  send(message: ContactCreate): Promise<ContactCreated>;
}

export function createContactApi(client: ApiClient): ContactApi {
  return { send: (message) => client.post('/contact', contactCreatedSchema, { json: message }) };
}
