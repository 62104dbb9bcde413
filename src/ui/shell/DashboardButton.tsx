import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Loader.css';
import { Button } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useRef } from 'react';
import { selectIsOpening } from '../../machines/dashboardLink';
import { useFlow } from '../use-flow';
import { useDashboardLink } from './account-hooks';

/**
 * The header's Dashboard button [product: HEAD-2, HEAD-3]. The tab is opened at the click, while the browser still
 * counts it as the user's own action (a tab opened after the identity call would be blocked as a pop-up), and is
 * sent to the dashboard once the call is over. `opener` is cut so the dashboard cannot reach back into this page.
 */
export function DashboardButton({ fullWidth = false }: { fullWidth?: boolean }) {
  const link = useDashboardLink();
  const linkRef = useRef(link);
  linkRef.current = link;
  const tabRef = useRef<Window | null>(null);
  const flow = useFlow('dashboardLink', {
    actions: { openDashboard: () => sendTabTo(tabRef.current, linkRef.current) },
  });
  const opening = useSelector(flow, selectIsOpening);

  const open = () => {
    const tab = window.open('', '_blank');
    if (tab) tab.opener = null;
    tabRef.current = tab;
    flow.send({ type: 'dashboard.open' });
  };

  return (
    <Button
      variant="light"
      fullWidth={fullWidth}
      disabled={!link}
      loading={opening}
      onClick={open}
      justify={fullWidth ? 'flex-start' : undefined}
    >
      Dashboard
    </Button>
  );
}

function sendTabTo(tab: Window | null, link: string | null): void {
  if (!link) return;
  if (tab && !tab.closed) tab.location.href = link;
  // The browser refused the blank tab: try once more, now without a handle on it.
  else window.open(link, '_blank', 'noopener,noreferrer');
}
