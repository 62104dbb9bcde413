import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  ContractError,
  FORM_ERROR_KEY,
  fieldErrors,
  formatIssues,
  parseOrThrow,
  validate,
} from './validation';

const sample = v.pipe(
  v.object({
    name: v.pipe(v.string('Name must be text.'), v.nonEmpty('Please enter your name.')),
    tags: v.array(v.string('Each tag must be text.')),
  }),
  v.check((input) => input.name !== 'forbidden', 'This name is not allowed.'),
);

describe('parseOrThrow', () => {
  it('returns the parsed value when the data is valid', () => {
    expect(parseOrThrow(sample, { name: 'Ada', tags: ['x'] }, 'sample')).toEqual({
      name: 'Ada',
      tags: ['x'],
    });
  });

  it('throws an error that names what was parsed and lists each path and problem', () => {
    const attempt = () => parseOrThrow(sample, { name: 42, tags: ['ok', 7] }, 'current user');
    expect(attempt).toThrow(ContractError);
    expect(attempt).toThrow(
      'Invalid current user:\nname: Name must be text.\ntags.1: Each tag must be text.',
    );
  });

  it('carries the grouped field errors for a 400 answer', () => {
    try {
      parseOrThrow(sample, { name: '', tags: [] }, 'sample');
      expect.unreachable();
    } catch (error) {
      expect((error as ContractError).fieldErrors).toEqual({ name: ['Please enter your name.'] });
    }
  });
});

describe('formatIssues', () => {
  it('labels a problem with the whole value as (root)', () => {
    const result = v.safeParse(sample, 'nope');
    expect(result.success).toBe(false);
    expect(formatIssues(result.issues!)).toBe('(root): Invalid type: Expected Object but received "nope"');
  });
});

describe('fieldErrors', () => {
  it.each([
    ['one bad field', { name: '', tags: [] }, { name: ['Please enter your name.'] }],
    [
      'nested paths are dotted',
      { name: 'Ada', tags: [1, 'b', 3] },
      { 'tags.0': ['Each tag must be text.'], 'tags.2': ['Each tag must be text.'] },
    ],
    [
      'a rule about the whole form is filed under _form',
      { name: 'forbidden', tags: [] },
      { [FORM_ERROR_KEY]: ['This name is not allowed.'] },
    ],
  ])('%s', (_label, input, expected) => {
    const result = v.safeParse(sample, input);
    expect(result.success).toBe(false);
    expect(fieldErrors(result.issues!)).toEqual(expected);
  });

  it('does not repeat the same message for a field', () => {
    const twice = v.pipe(
      v.string(),
      v.check(() => false, 'Bad.'),
      v.check(() => false, 'Bad.'),
    );
    const result = v.safeParse(v.object({ a: twice }), { a: 'x' });
    expect(fieldErrors(result.issues!)).toEqual({ a: ['Bad.'] });
  });
});

describe('validate', () => {
  it('answers ok with the value, or the field errors', () => {
    expect(validate(sample, { name: 'Ada', tags: [] })).toEqual({
      ok: true,
      value: { name: 'Ada', tags: [] },
    });
    expect(validate(sample, { name: '', tags: [] })).toEqual({
      ok: false,
      errors: { name: ['Please enter your name.'] },
    });
  });
});
