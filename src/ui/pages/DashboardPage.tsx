import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Badge.css';
import { Badge, Button, Stack } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { Suspense } from 'react';
import { trialBadge, trialDaysLeft } from '../../domain/trial';
import { selectIsOpening } from '../../machines/openDashboard';
import { selectUser } from '../../machines/session-selectors';
import { useDashboardUrl, useSessionSnapshot } from '../app-context';
import { useFlow } from '../use-flow';
import { PageTitle } from './PageTitle';

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
  if (daysLeft === null || daysLeft <= 0) return null;
  return <Badge variant="light">{trialBadge(daysLeft)}</Badge>;
}

function OpenDashboardButton() {
  const url = useDashboardUrl();
  const opener = useFlow('openDashboard');
  const opening = useSelector(opener, selectIsOpening);
  if (!url) return null;
  return (
    <Button loading={opening} onClick={() => opener.send({ type: 'dashboard.open', url })}>
      Open Dashboard
    </Button>
  );
}
