import { describe, expect, it } from 'vitest';
import { signupRecordFailureText } from './signup-record-errors';

const texts = { check: 'Check the form.', answered: 'Unexpected.', unanswered: 'No answer.' };
const answer = (status: number, extra: object = {}) => Object.assign(new Error(''), { status, ...extra });

describe('what a failed signup-record call says [product: MSG-SIGNUP-1, MSG-SIGNUP-3, MSG-SIGNUP-5, SIGNUP-25]', () => {
  it.each([
    ['no answer (the network)', new TypeError('Failed to fetch'), 'No answer.'],
    [
      'a 422 with field errors',
      answer(422, { data: { errors: { email: ['is taken'] } } }),
      'email: is taken',
    ],
    ['a 400 without field errors', answer(400, { data: { errors: 'nonsense' } }), 'Check the form.'],
    [
      'a 500, whatever it says',
      Object.assign(new Error('Internal Server Error'), { status: 500 }),
      'Unexpected.',
    ],
    ['a 403 with its message', Object.assign(new Error('Not yours.'), { status: 403 }), 'Not yours.'],
    ['a 404 without a message', answer(404), 'Unexpected.'],
  ])('%s', (_case, error, expected) => {
    expect(signupRecordFailureText(error, texts)).toBe(expected);
  });
});
