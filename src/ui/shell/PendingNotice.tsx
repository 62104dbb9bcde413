import '@mantine/core/styles/Center.css';
import '@mantine/core/styles/Text.css';
import { Center, Text } from '@mantine/core';

/** What a page shows while its guard waits; the texts are [product: ROUTE-9, REFUND-2]. */
export function PendingNotice({ text }: { text: string }) {
  return (
    <Center mih="50vh" role="status" aria-live="polite">
      <Text c="dimmed">{text}</Text>
    </Center>
  );
}

export const GuardPending = () => <PendingNotice text="Loading…" />;
export const AdminCheckPending = () => <PendingNotice text="Checking admin access..." />;

/** Waits shorter than this show nothing, so fast loads (and the landing page) never flash a notice. */
export const PENDING_GRACE_MS = 150;
