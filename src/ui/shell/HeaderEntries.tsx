import '@mantine/core/styles/Button.css';
import { Button } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { Suspense } from 'react';
import { paths } from '../../domain/pages';
import { DashboardButton } from './DashboardButton';
import classes from './SignedInShell.module.css';

/**
 * The header's entries [product: HEAD-2, HEAD-4, HEAD-5, HEAD-6]: one list for the wide bar and the mobile menu
 * [product: HEAD-8], so the two never differ.
 */
export function HeaderEntries({
  isAdmin,
  stacked = false,
  onNavigate,
}: {
  isAdmin: boolean;
  /** In the mobile menu: one entry a line, full width. */
  stacked?: boolean;
  /** Called after an in-app link was followed (the mobile menu closes). */
  onNavigate?: () => void;
}) {
  const common = {
    variant: 'subtle',
    fullWidth: stacked,
    justify: stacked ? 'flex-start' : undefined,
  } as const;
  const pageLink = (to: (typeof paths)[keyof typeof paths], label: string) => (
    <Button
      {...common}
      component={Link}
      to={to}
      onClick={onNavigate}
      className={classes.pageLink}
      activeProps={{ 'aria-current': 'page' }}
    >
      {label}
    </Button>
  );
  return (
    <>
      <Suspense
        fallback={
          <Button variant="subtle" fullWidth={stacked} disabled>
            Dashboard
          </Button>
        }
      >
        <DashboardButton fullWidth={stacked} />
      </Suspense>
      {pageLink(paths.profile, 'Profile')}
      {pageLink(paths.billing, 'Billing')}
      {pageLink(paths.settings, 'Settings')}
      {isAdmin && pageLink(paths.adminRefunds, 'Admin Tools')}
      {/* Static by design [product: HEAD-6]: the alerts live in the external dashboard. */}
      <Button {...common}>Alerts (3)</Button>
    </>
  );
}
