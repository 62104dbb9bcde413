import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { contactCreatedSchema, contactCreateSchema } from './contact';
import { fieldErrors } from './validation';

const message = { name: 'Ada', email: 'Ada@Example.com ', company: 'Acme', message: 'Please call me.' };

describe('contactCreateSchema', () => {
  it('accepts a message and normalises the e-mail', () => {
    expect(v.parse(contactCreateSchema, message)).toEqual({ ...message, email: 'ada@example.com' });
  });

  it.each([
    ['without a company', { company: undefined }],
    ['with a null company', { company: null }],
    ['with an empty company', { company: '' }],
  ])('accepts a message %s', (_label, change) => {
    expect(v.safeParse(contactCreateSchema, { ...message, ...change }).success).toBe(true);
  });

  it.each([
    ['an empty name', { name: '  ' }, { name: ['Please enter your name.'] }],
    ['an empty message', { message: '' }, { message: ['Please enter a message.'] }],
    ['a bad e-mail', { email: 'ada' }, { email: ['Please enter a valid email address.'] }],
    [
      'an overlong message',
      { message: 'x'.repeat(5001) },
      { message: ['Message must be at most 5000 characters.'] },
    ],
    ['a numeric name', { name: 5 }, { name: ['Name must be text.'] }],
  ])('rejects %s', (_label, change, errors) => {
    const result = v.safeParse(contactCreateSchema, { ...message, ...change });
    expect(result.success).toBe(false);
    expect(fieldErrors(result.issues!)).toEqual(errors);
  });
});

it('names a missing required field', () => {
  const { message: _omitted, ...withoutMessage } = message;
  expect(fieldErrors(v.safeParse(contactCreateSchema, withoutMessage).issues!)).toEqual({
    message: ['message is required.'],
  });
});

describe('contactCreatedSchema', () => {
  it('reads the id and creation date and ignores anything else', () => {
    expect(
      v.parse(contactCreatedSchema, { id: 'c_1', created_date: '2026-01-05T00:00:00Z', internal: 1 }),
    ).toEqual({
      id: 'c_1',
      created_date: '2026-01-05T00:00:00Z',
    });
  });
});
