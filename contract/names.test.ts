import { describe, expect, it } from 'vitest';
import { displayName, greetingName, initials, looksLikeEmail, nameFromEmail } from './names';

describe('displayName [product: NAME-1]', () => {
  it.each([
    ['full_name', { full_name: 'Casey Customer', name: 'Other', email: 'c@x.io' }, 'Casey Customer'],
    ['name when full_name is missing', { name: 'Ned Name', email: 'c@x.io' }, 'Ned Name'],
    [
      'user_metadata.full_name next',
      { full_name: ' ', user_metadata: { full_name: 'Meta User' } },
      'Meta User',
    ],
    [
      'app_metadata.full_name next',
      { user_metadata: { full_name: null }, app_metadata: { full_name: 'App User' } },
      'App User',
    ],
    ['the e-mail last', { email: 'casey@example.com' }, 'Casey'],
    ['not an e-mail-like full_name', { full_name: 'casey@example.com', name: 'Casey Real' }, 'Casey Real'],
    ['the e-mail when every name is an address', { full_name: 'x@y.io', email: 'dana@example.com' }, 'Dana'],
    ['the e-mail-like name when there is no e-mail', { full_name: 'erin@example.com' }, 'Erin'],
    ['nothing at all', {}, ''],
    ['trimmed names', { full_name: '  Casey  ' }, 'Casey'],
  ])('uses %s', (_label, user, name) => {
    expect(displayName(user)).toBe(name);
  });
});

describe('greetingName [product: NAME-2]', () => {
  it.each([
    [{ full_name: 'Casey Q Customer' }, 'Casey'],
    [{ email: 'bob.smith@example.com' }, 'Bob.smith'],
    [{ full_name: 'bob@example.com' }, 'Bob'],
    [{}, 'there'],
    [{ full_name: '   ' }, 'there'],
  ])('%j -> %s', (user, name) => {
    expect(greetingName(user)).toBe(name);
  });
});

describe('initials [product: NAME-3]', () => {
  it.each([
    ['Casey Customer', 'CC'],
    ['casey q customer', 'CQ'],
    ['Cher', 'C'],
    ['  ada   lovelace ', 'AL'],
    ['élodie durand', 'ÉD'],
    ['', 'U'],
    [null, 'U'],
    [undefined, 'U'],
  ])('%j -> %s', (name, letters) => {
    expect(initials(name)).toBe(letters);
  });
});

describe('e-mail helpers [product: NAME-1]', () => {
  it.each([
    ['a@b.co', true],
    [' casey@example.com ', true],
    ['Casey Customer', false],
    ['casey@', false],
    ['two words@x.io', false],
  ])('%j looks like an e-mail: %s', (text, expected) => {
    expect(looksLikeEmail(text)).toBe(expected);
  });

  it('capitalises the part before the at-sign', () => {
    expect(nameFromEmail('zoe@example.com')).toBe('Zoe');
    expect(nameFromEmail('ZOE@example.com')).toBe('ZOE');
  });
});
