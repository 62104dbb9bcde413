import type { ContactIO } from '../machines/contact';
import type { IODeps } from './io-deps';

/** The contact form's I/O (src/machines/contact.ts) [product: CLIENT-1, MSG-SILENT-1]. */
export function createContactIO({ api }: Pick<IODeps, 'api'>): ContactIO {
  return {
    sendContact: (message) => api.contact.send(message),
    reportSendFailure: ({ error }) => {
      console.error('The contact message could not be sent.', error);
    },
  };
}
