import { describe, expect, it } from 'vitest';
import { signupChoiceFromDetail } from './signup-choice';

describe('the open-signup-modal detail [product: LAND-30]', () => {
  it.each([
    [
      { plan: 'pro', annual: true },
      { plan: 'pro', interval: 'annual' },
    ],
    [
      { plan: 'business', annual: false },
      { plan: 'business', interval: 'monthly' },
    ],
    [{ plan: 'starter' }, { plan: 'starter' }],
    [{ annual: true }, { interval: 'annual' }],
    [{ plan: 'enterprise', annual: 'yes' }, {}],
    [{ plan: 42 }, {}],
    [null, {}],
    [undefined, {}],
    ['pro', {}],
  ])('reads %j as %j, keeping only valid fields', (detail, expected) => {
    expect(signupChoiceFromDetail(detail)).toEqual(expected);
  });
});
