import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/List.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  List,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useSelector } from '@xstate/react';
import { type ReactNode, Suspense, useCallback, useDeferredValue, useState } from 'react';
import type { BillingInfo, Invoice, WebhookHealth } from '../../../contract/billing';
import { type BillingInterval, PLANS } from '../../../contract/plans';
import { type DatePreferences, formatDateAs, formatDateTimeAs } from '../../../contract/time';
import {
  billingIntervalOf,
  billingPlanLabel,
  managePaymentLabel,
  nextBillingAt,
  webhookEventWords,
} from '../../domain/billing';
import { billingMessages } from '../../domain/messages';
import { formatCents, invoiceAmountCents, invoiceLink } from '../../domain/money';
import { toBillingInterval, toPlanId } from '../../domain/plans';
import {
  CANCELLATION_SCHEDULED_LABEL,
  isCancelDisabled,
  isCancellationScheduled,
  isLiveSubscription,
  subscriptionStatus,
} from '../../domain/subscription';
import {
  selectError,
  selectHasFailed,
  selectHealth,
  selectInfo,
  selectIsCheckingWebhooks,
  selectIsOpeningPortal,
  selectIsPolling,
} from '../../machines/billing';
import type { ChangePlanInput } from '../../machines/change-plan';
import { selectIsLoadingUser } from '../../machines/session-selectors';
import { useSessionSnapshot } from '../app-context';
import { useUserSettings } from '../shell/account-hooks';
import { PageTitle } from '../shell/PageTitle';
import { pageHeadings } from '../shell/page-headings';
import { useFlow } from '../use-flow';
import { CancelDialog } from './CancelDialog';
import { ChangePlanDialog } from './ChangePlanDialog';

/** The billing page [product: BILL]: five cards, the trial banner and the change-plan and cancel dialogs. */
/**
 * Billing reads the server session: while the session is being renewed (back from the hosted Checkout or portal
 * pages the auth service reports a sign-in, and the token is traded for a new server session), a request would carry
 * the cookie being replaced. The page waits for the session, and starts afresh with the new one.
 */
function BillingOnceSessionSettles() {
  const session = useSessionSnapshot();
  if (!session || selectIsLoadingUser(session)) return <Loader size="sm" aria-label="Loading billing" />;
  return <Billing />;
}

export function BillingPage() {
  return (
    <Stack>
      <PageTitle {...pageHeadings.billing} />
      <Suspense fallback={<Loader size="sm" aria-label="Loading billing" />}>
        <BillingOnceSessionSettles />
      </Suspense>
    </Stack>
  );
}

type Dialog = 'changePlan' | 'cancel' | null;

/** How the Current Plan card says the interval. */
const BILLED: Record<BillingInterval, string> = { monthly: 'Billed monthly', annual: 'Billed yearly' };

function Billing() {
  const billing = useFlow('billing');
  // The page's cards render in a deferred render, which React renders in slices, yielding to the browser between
  // them: rendered with the answer's arrival, they were one task of hundreds of milliseconds on a slow phone.
  const info = useDeferredValue(useSelector(billing, selectInfo));
  const health = useSelector(billing, selectHealth);
  const error = useSelector(billing, selectError);
  const failed = useSelector(billing, selectHasFailed);
  const polling = useSelector(billing, selectIsPolling);
  const openingPortal = useSelector(billing, selectIsOpeningPortal);
  const checkingWebhooks = useSelector(billing, selectIsCheckingWebhooks);
  const [dialog, setDialog] = useState<Dialog>(null);
  // Stryker disable next-line ArrayDeclaration: equivalent, the flow's actor is the same for the page's whole life
  const reload = useCallback(() => billing.send({ type: 'billing.reload' }), [billing]);
  // Stryker disable next-line ArrayDeclaration: equivalent, a constant dependency never changes either
  const close = useCallback(() => setDialog(null), []);

  const failure = error && (
    <Alert color="red" role="alert" title={error}>
      {failed && (
        <Button size="xs" mt="xs" onClick={reload}>
          Try again
        </Button>
      )}
    </Alert>
  );
  if (!info) return failure || <Loader size="sm" aria-label="Loading billing" />;

  const subscription = info.subscription ?? null;
  const current: ChangePlanInput = {
    // A subscription that is over is no current plan: choosing its plan again is a new subscription.
    currentPlan: isLiveSubscription(subscription) ? toPlanId(subscription?.plan) : null,
    currentInterval: toBillingInterval(billingIntervalOf(info)),
  };
  return (
    <Stack>
      {info.payment_required && (
        <Alert color="orange" title="Your trial has ended">
          Add a payment method to keep monitoring your devices.
        </Alert>
      )}
      {failure}
      {polling && (
        <Text role="status" size="sm" c="dimmed">
          Checking for changes made in the billing portal…
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <BillingCard title="Current Plan">
          <Group gap="xs">
            <Text fw={600} size="lg">
              {billingPlanLabel(info)}
            </Text>
            {subscription && <Badge variant="light">{subscriptionStatus(subscription)}</Badge>}
          </Group>
          <Text size="sm" c="dimmed">
            {subscription ? BILLED[current.currentInterval] : 'No subscription yet'}
          </Text>
          <Group gap="xs" mt="sm">
            <Button size="sm" onClick={() => setDialog('changePlan')}>
              Change Plan
            </Button>
            <Button
              size="sm"
              variant="default"
              loading={openingPortal}
              // Back from the portal: wait until its changes are picked up before going there again.
              disabled={polling}
              onClick={() => billing.send({ type: 'portal.open' })}
            >
              {managePaymentLabel(info)}
            </Button>
            <Button
              size="sm"
              color="red"
              variant="light"
              disabled={isCancelDisabled(subscription, false)}
              onClick={() => setDialog('cancel')}
            >
              {isCancellationScheduled(subscription) ? CANCELLATION_SCHEDULED_LABEL : 'Cancel Subscription'}
            </Button>
          </Group>
        </BillingCard>
        <BillingCard title="Next Billing">
          <NextBilling info={info} />
        </BillingCard>
        <BillingCard title="Billing History">
          <Invoices invoices={info.invoices} />
        </BillingCard>
        <BillingCard title="Founder Benefits">
          <List size="sm" spacing={4}>
            {PLANS.pro.features.map((feature) => (
              <List.Item key={feature}>{feature}</List.Item>
            ))}
          </List>
        </BillingCard>
        <BillingCard title="Webhooks Health">
          {checkingWebhooks ? (
            <Loader size="xs" aria-label="Checking webhooks" />
          ) : (
            <Webhooks health={health} />
          )}
        </BillingCard>
      </SimpleGrid>
      {dialog === 'changePlan' && <ChangePlanDialog current={current} onClose={close} onChanged={reload} />}
      {dialog === 'cancel' && <CancelDialog onClose={close} onCancelled={reload} />}
    </Stack>
  );
}

function BillingCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder padding="lg" component="section" aria-label={title}>
      <Title order={2} size="h4" mb="xs">
        {title}
      </Title>
      {children}
    </Card>
  );
}

function NextBilling({ info }: { info: BillingInfo }) {
  const settings = useUserSettings();
  const subscription = info.subscription ?? null;
  if (isCancellationScheduled(subscription)) {
    const ends = formatDateAs(subscription?.cancel_at ?? subscription?.current_period_end, settings);
    return <Text>{ends ? `Your subscription ends on ${ends}.` : 'Your subscription has ended.'}</Text>;
  }
  const next = formatDateAs(nextBillingAt(info), settings);
  return <Text>{next ?? 'No upcoming payment.'}</Text>;
}

/** What one invoice shows, in the table on wide screens and as a card on phones. */
function invoiceView(invoice: Invoice, settings: DatePreferences) {
  const amount = invoiceAmountCents(invoice);
  const link = invoiceLink(invoice);
  const number = invoice.number || invoice.id;
  return {
    number,
    date: formatDateAs(invoice.created, settings) ?? '—',
    amount: amount === null ? '—' : formatCents(amount),
    status: invoice.status ?? '—',
    link: link ? (
      <Anchor href={link} target="_blank" rel="noopener noreferrer" aria-label={`Invoice ${number}`}>
        {invoice.invoice_pdf ? 'PDF' : 'View'}
      </Anchor>
    ) : (
      '—'
    ),
  };
}

/**
 * Billing History [product: BILL-1, DATA-13]: a table from the `sm` width up; on a phone each invoice is a card with
 * every column's content, so nothing sits off-screen behind a sideways scroll.
 */
function Invoices({ invoices }: { invoices: Invoice[] }) {
  const settings = useUserSettings();
  if (invoices.length === 0) return <Text c="dimmed">No invoices yet.</Text>;
  const views = invoices.map((invoice) => ({ id: invoice.id, ...invoiceView(invoice, settings) }));
  return (
    <>
      <Table visibleFrom="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Invoice</Table.Th>
            <Table.Th>Date</Table.Th>
            <Table.Th>Amount</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Link</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {views.map((view) => (
            <Table.Tr key={view.id}>
              <Table.Td>{view.number}</Table.Td>
              <Table.Td>{view.date}</Table.Td>
              <Table.Td>{view.amount}</Table.Td>
              <Table.Td>{view.status}</Table.Td>
              <Table.Td>{view.link}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Stack component="ul" hiddenFrom="sm" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
        {views.map((view) => (
          <Paper component="li" key={view.id} withBorder p="sm" aria-label={`Invoice ${view.number}`}>
            <Group justify="space-between" wrap="nowrap">
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                {view.number}
              </Text>
              <Text fw={600}>{view.amount}</Text>
            </Group>
            <Group justify="space-between" wrap="nowrap">
              <Text size="sm">{view.date}</Text>
              <Text size="sm">{view.status}</Text>
              <Text size="sm">{view.link}</Text>
            </Group>
          </Paper>
        ))}
      </Stack>
    </>
  );
}

/**
 * The caller's own account's last event from the payment provider, in words, received when in their own date format
 * and zone; an admin's is the whole system's [product: BILL-13, BILL-20, MSG-WEBHOOK-1].
 */
function Webhooks({ health }: { health: WebhookHealth | null }) {
  const settings = useUserSettings();
  if (!health) return <Text c="dimmed">{billingMessages.noWebhookStatus}</Text>;
  const event = webhookEventWords(health.last_event_type);
  const received = formatDateTimeAs(health.last_received_at, settings);
  const unapplied = health.unapplied_events ?? [];
  const badge =
    health.ok && unapplied.length === 0
      ? { color: 'teal.9', text: 'Receiving events' }
      : health.scope === 'system'
        ? { color: 'red.9', text: 'Attention needed' }
        : { color: 'gray.7', text: 'No events yet' };
  return (
    <Stack gap={4}>
      {/* Filled in dark shades: white on them keeps WCAG AA's 4.5:1 (the light green and grey did not). */}
      <Badge color={badge.color} variant="filled">
        {badge.text}
      </Badge>
      {health.scope === 'system' && <Text size="sm">All customers</Text>}
      {event && <Text size="sm">{`Last event: ${event}`}</Text>}
      {received && <Text size="sm">{`Received: ${received}`}</Text>}
      {health.message && (
        <Text size="sm" c="dimmed">
          {health.message}
        </Text>
      )}
      {unapplied.length > 0 && (
        // Admins only: events acknowledged without their effect (the database refused it), for a person to look at.
        <Stack gap={2}>
          <Text size="sm" fw={600}>{`Events that could not be applied: ${unapplied.length}`}</Text>
          {unapplied.map((item) => (
            <Text size="xs" key={item.id}>
              {`${item.id} (${webhookEventWords(item.type) ?? item.type}), received ${formatDateTimeAs(item.received_at, settings)}: ${item.failure}`}
            </Text>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
