import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Loader.css';
import { Button } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { selectIsOpening } from '../../machines/dashboard-link';
import { useFlow } from '../use-flow';
import { useDashboardLink } from './account-hooks';

/** The header's Dashboard button [product: HEAD-2, HEAD-3]; the flow opens the tab (src/machines/dashboard-link.ts). */
export function DashboardButton({ fullWidth = false }: { fullWidth?: boolean }) {
  const link = useDashboardLink();
  const flow = useFlow('dashboardLink');
  const opening = useSelector(flow, selectIsOpening);

  return (
    // Subtle, as the other entries: the light fill marks the current page, which the dashboard never is [product: HEAD-10].
    <Button
      variant="subtle"
      fullWidth={fullWidth}
      disabled={!link}
      loading={opening}
      onClick={() => link && flow.send({ type: 'dashboard.open', link })}
      justify={fullWidth ? 'flex-start' : undefined}
    >
      Dashboard
    </Button>
  );
}
