import * as v from 'valibot';
import { validationMessages } from './messages';
import {
  closedObjectMessage,
  emailSchema,
  objectMessage,
  optionalText,
  requiredText,
  timestampSchema,
} from './primitives';

/** POST /api/contact: the landing page's contact form (name, email and message required; company optional). */

export const CONTACT_LIMITS = { name: 200, company: 200, message: 5000 } as const;

export const contactCreateSchema = v.strictObject(
  {
    name: requiredText('name', CONTACT_LIMITS.name, validationMessages.nameRequired),
    email: emailSchema,
    company: v.optional(v.nullable(optionalText('company', CONTACT_LIMITS.company))),
    message: requiredText('message', CONTACT_LIMITS.message, validationMessages.messageRequired),
  },
  closedObjectMessage('contact message'),
);
export type ContactCreate = v.InferOutput<typeof contactCreateSchema>;
export type ContactCreateInput = v.InferInput<typeof contactCreateSchema>;

/** 201 answer: only the stored message's id and creation date. */
export const contactCreatedSchema = v.object(
  {
    id: v.union([v.string(), v.number()], 'Contact id must be a string or a number.'),
    created_date: timestampSchema,
  },
  objectMessage('contact created'),
);
export type ContactCreated = v.InferOutput<typeof contactCreatedSchema>;
