import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { UserUpdateInput } from '../../contract/user';
import { aUser, deferred, renderApp, signedIn } from './render-app';

const casey = {
  created_at: '2025-03-07T03:30:00Z',
  company: 'Acme',
  phone: '+1 555 0100',
  settings: { dateFormat: 'YYYY-MM-DD', timezone: 'PST' },
} as const;

async function personalInformation() {
  return screen.findByRole('region', { name: 'Personal Information' });
}

describe('the Profile page [product: PROF]', () => {
  it("shows initials, name, e-mail, role badge, member-since in the user's own date format and zone, and the organization [product: PROF-1, PROF-8, ROLE-6]", async () => {
    renderApp('/Profile', { loadUser: async () => signedIn({ user: casey }) });

    await personalInformation();
    expect(screen.getByRole('heading', { name: 'Casey Jones' })).toBeInTheDocument();
    expect(screen.getAllByText('CJ').length).toBeGreaterThan(0);
    expect(screen.getByText('casey@example.com')).toBeInTheDocument();
    expect(screen.getByLabelText('Role: user')).toHaveTextContent('user');
    // 03:30 UTC on 7 March is still 6 March on the Pacific clock.
    expect(screen.getByText('Member since 2025-03-06')).toBeInTheDocument();
    expect(screen.getByText('Organization: Acme')).toBeInTheDocument();
  });

  it("says 'Recently' and 'Not specified' when the date and organization are missing [product: DATA-2, DATA-4]", async () => {
    renderApp('/Profile', { loadUser: async () => signedIn({ user: { created_at: 'not a date' } }) });
    await personalInformation();
    expect(screen.getByText('Member since Recently')).toBeInTheDocument();
    expect(screen.getByText('Organization: Not specified')).toBeInTheDocument();
  });

  it('takes no more than each field allows [product: PROF-6]', async () => {
    renderApp('/Profile', { loadUser: async () => signedIn() });
    const form = await personalInformation();
    const limit = (label: string) => within(form).getByLabelText(label).getAttribute('maxlength');
    expect([limit('Company'), limit('Phone'), limit('Location'), limit('Bio')]).toEqual([
      '200',
      '40',
      '200',
      '1000',
    ]);
  });

  it('keeps full name and e-mail read-only [product: PROF-3]', async () => {
    renderApp('/Profile', { loadUser: async () => signedIn() });
    const form = await personalInformation();
    expect(within(form).getByLabelText('Full name')).toHaveAttribute('readonly');
    expect(within(form).getByLabelText('Email')).toHaveAttribute('readonly');
    expect(within(form).getByLabelText('Company')).not.toHaveAttribute('readonly');
  });

  it("saves only company, bio, phone and location, says 'Profile updated successfully!' in green and reloads the session [product: PROF-4, MSG-PROF-1]", async () => {
    const saved = deferred<ReturnType<typeof aUser>>();
    const updateProfile = vi.fn((_update: UserUpdateInput) => saved.promise);
    const loadUser = vi.fn(async () => signedIn({ user: casey }));
    renderApp('/Profile', { loadUser, profile: { updateProfile } });
    const form = await personalInformation();

    const company = within(form).getByLabelText('Company');
    await userEvent.clear(company);
    await userEvent.type(company, '  Globex  ');
    await userEvent.type(within(form).getByLabelText('Location'), 'Berlin');
    await userEvent.click(within(form).getByRole('button', { name: 'Save Changes' }));

    expect(await within(form).findByRole('button', { name: 'Saving...' })).toBeDisabled();
    // Nothing to change while it is sent.
    for (const label of ['Company', 'Phone', 'Location', 'Bio'])
      expect(within(form).getByLabelText(label)).toBeDisabled();
    expect(updateProfile).toHaveBeenCalledWith({
      company: 'Globex',
      bio: '',
      phone: '+1 555 0100',
      location: 'Berlin',
    });

    const loadsBefore = loadUser.mock.calls.length;
    saved.resolve(aUser({ ...casey, company: 'Globex', location: 'Berlin' }));
    const banner = await within(form).findByRole('status');
    expect(banner).toHaveTextContent('Profile updated successfully!');
    expect(banner.getAttribute('style') ?? '').toContain('green');
    expect(screen.getByText('Organization: Globex')).toBeInTheDocument();
    await waitFor(() => expect(loadUser.mock.calls.length).toBeGreaterThan(loadsBefore));
  });

  it("says 'Failed to update profile. Please try again.' in red when the save fails [product: MSG-PROF-2]", async () => {
    renderApp('/Profile', {
      loadUser: async () => signedIn(),
      profile: { updateProfile: async () => Promise.reject(new Error('Server down')) },
    });
    const form = await personalInformation();
    await userEvent.type(within(form).getByLabelText('Bio'), 'Runs IT');
    await userEvent.click(within(form).getByRole('button', { name: 'Save Changes' }));

    const banner = await within(form).findByRole('alert');
    expect(banner).toHaveTextContent('Failed to update profile. Please try again.');
    expect(banner.getAttribute('style') ?? '').toContain('red');
  });

  it('refuses a phone number with letters before sending anything, with the rule it broke [product: PROF-7]', async () => {
    const updateProfile = vi.fn();
    renderApp('/Profile', { loadUser: async () => signedIn(), profile: { updateProfile } });
    const form = await personalInformation();
    const phone = within(form).getByLabelText('Phone');
    await userEvent.type(phone, '555-CALL-NOW');
    await userEvent.click(within(form).getByRole('button', { name: 'Save Changes' }));

    expect(
      await within(form).findByText('Phone may contain only digits, spaces and + ( ) - . /'),
    ).toBeInTheDocument();
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    expect(updateProfile).not.toHaveBeenCalled();
  });

  it('handles its form itself: a submit does not load the page again [product: PROF-4]', async () => {
    const updateProfile = vi.fn(async () => aUser());
    renderApp('/Profile', { loadUser: async () => signedIn(), profile: { updateProfile } });
    const form = (await personalInformation()).querySelector('form');
    if (!form) throw new Error('Personal Information has no form.');
    // false: the page took the submit; a browser would otherwise load the page again.
    expect(fireEvent.submit(form)).toBe(false);
    await waitFor(() => expect(updateProfile).toHaveBeenCalledTimes(1));
  });
});
