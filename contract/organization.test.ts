import { describe, expect, it } from 'vitest';
import { organizationName } from './organization';

describe('organizationName [product: DATA-4]', () => {
  it.each([
    ['organization_name first', { organization_name: 'A', org_name: 'B', company: 'E' }, 'A'],
    ['org_name', { org_name: 'B', organization: { name: 'C' } }, 'B'],
    ['organization.name', { organization: { name: 'C' }, org: { name: 'D' } }, 'C'],
    ['org.name', { org: { name: 'D' }, company: 'E' }, 'D'],
    ['company', { company: 'E', profile: { company: 'F' } }, 'E'],
    ['profile.company', { profile: { company: 'F' }, signup: { company: 'G' } }, 'F'],
    ['signup.company', { signup: { company: 'G' } }, 'G'],
    ['blank values are skipped', { organization_name: '  ', organization: null, company: ' Acme ' }, 'Acme'],
    ['nothing set', {}, 'Not specified'],
    ['no user', null, 'Not specified'],
  ])('reads %s', (_label, source, name) => {
    expect(organizationName(source)).toBe(name);
  });
});
