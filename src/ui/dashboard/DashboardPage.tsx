import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Badge.css';
import { Badge, Button, Stack } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { Suspense } from 'react';
import { trialBadge, trialDaysLeft } from '../../domain/trial';
import { selectIsOpening } from '../../machines/dashboard-link';
import { selectUser } from '../../machines/session-selectors';
import { useSessionSnapshot } from '../app-context';
import { useDashboardLink } from '../shell/account-hooks';
import { PageTitle } from '../shell/PageTitle';
import { useFlow } from '../use-flow';

/**
 * The session-check page [product: CHECK, ROUTE-5]. Its guard has checked the session ('Checking session…' while it
 * does, /Landing?show_signup=1 without one); what is left is the way to the external dashboard.
 */
export function DashboardPage() {
  return (
    <Stack align="flex-start">
      <PageTitle title="Dashboard" />
      <TrialBadge />
      <Suspense fallback={null}>
        <OpenDashboardButton />
      </Suspense>
    </Stack>
  );
}

/** The trial the server reports, as the landing banner words it [product: LAND-16, CHECK-6]. */
function TrialBadge() {
  const session = useSessionSnapshot();
  const trialEndsAt = (session && selectUser(session)?.trial_ends_at) ?? null;
  const daysLeft = trialDaysLeft(trialEndsAt, Date.now());
  // No trial (null) or one that has ended (0): no badge.
  if (!daysLeft) return null;
  return <Badge variant="light">{trialBadge(daysLeft)}</Badge>;
}

/** The same flow as the header's Dashboard button (src/machines/dashboard-link.ts) [product: CHECK-3, CHECK-5]. */
function OpenDashboardButton() {
  const link = useDashboardLink();
  const flow = useFlow('dashboardLink');
  const opening = useSelector(flow, selectIsOpening);
  if (!link) return null;
  return (
    <Button loading={opening} onClick={() => flow.send({ type: 'dashboard.open', link })}>
      Open Dashboard
    </Button>
  );
}
