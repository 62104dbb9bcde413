import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import { Alert, Button, Group, Paper, Stack, Table, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { type FormEvent, useState } from 'react';
import type { RefundReversal } from '../../../contract/refund';
import { formatDateAs } from '../../../contract/time';
import { REVERSAL_UNFINISHED } from '../../domain/messages';
import { formatCents } from '../../domain/money';
import {
  type RefundActorRef,
  selectIdentityPrompt,
  selectIsLoadingReversals,
  selectIsProcessing,
  selectOutcome,
  selectProblem,
  selectReversals,
  selectReversalsUnavailable,
} from '../../machines/refund';
import { useUserSettings } from '../shell/account-hooks';
import { PageTitle } from '../shell/PageTitle';
import { useFlow } from '../use-flow';

/**
 * Refund management for admins [product: REFUND]. The route has checked the admin role before this renders
 * ('Checking admin access...', [product: REFUND-2, REFUND-3]); the server checks it again on every request.
 */
export function AdminRefundsPage() {
  const refund = useFlow('refund');
  return (
    <Stack>
      <PageTitle title="Refund Management (Admin)" />
      {/* The title is plain body text: the alert's coloured title is too faint on its tinted background. */}
      <Alert color="yellow">
        <Text fw={700}>Admin-only action</Text>
        <Text size="sm">
          Reversing a refund ends the customer's subscription at once and removes their paid access. The
          server checks your admin role on every request, and each reversal is recorded.
        </Text>
      </Alert>
      <ReversalForm refund={refund} />
      <IdentityPrompt refund={refund} />
      <RecentReversals refund={refund} />
    </Stack>
  );
}

function ReversalForm({ refund }: { refund: RefundActorRef }) {
  const processing = useSelector(refund, selectIsProcessing);
  const problem = useSelector(refund, selectProblem);
  const outcome = useSelector(refund, selectOutcome);
  const [id, setId] = useState('');
  const [notes, setNotes] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    refund.send({ type: 'reversal.submit', id, notes });
  };

  return (
    // The machine validates with the contract's text; the browser's own bubble would pre-empt it.
    <Paper component="form" withBorder p="md" onSubmit={submit} noValidate>
      <Stack>
        <TextInput
          label="Payment provider ID"
          placeholder="cs_... or pi_..."
          autoComplete="off"
          spellCheck={false}
          value={id}
          error={problem}
          onChange={(event) => setId(event.currentTarget.value)}
        />
        <Textarea
          label="Notes (optional)"
          rows={3}
          value={notes}
          onChange={(event) => setNotes(event.currentTarget.value)}
        />
        <Group>
          <Button type="submit" disabled={processing}>
            {processing ? 'Processing...' : 'Process Refund Reversal'}
          </Button>
        </Group>
        {outcome && (
          <Alert
            color={outcome.tone === 'success' ? 'teal' : 'red'}
            role={outcome.tone === 'success' ? 'status' : 'alert'}
          >
            {outcome.text}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * Step-up [product: REFUND-16]: when the server wants a recent sign-in, the password again, with the server's
 * reason; the reversal is sent once it is confirmed.
 */
function IdentityPrompt({ refund }: { refund: RefundActorRef }) {
  const prompt = useSelector(refund, selectIdentityPrompt);
  const [password, setPassword] = useState('');
  if (!prompt) return null;

  const confirm = (event: FormEvent) => {
    event.preventDefault();
    refund.send({ type: 'identity.confirm', password });
    setPassword('');
  };

  return (
    <Paper component="form" withBorder p="md" onSubmit={confirm} noValidate aria-label="Confirm it is you">
      <Stack>
        <Alert color="yellow" role="alert">
          {prompt.reason}
        </Alert>
        <TextInput
          type="password"
          label="Password"
          autoComplete="current-password"
          value={password}
          error={prompt.problem}
          onChange={(event) => setPassword(event.currentTarget.value)}
        />
        <Group>
          <Button type="submit" disabled={prompt.confirming}>
            {prompt.confirming ? 'Confirming...' : 'Confirm and reverse'}
          </Button>
          <Button
            variant="default"
            disabled={prompt.confirming}
            onClick={() => refund.send({ type: 'identity.cancel' })}
          >
            Cancel
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function RecentReversals({ refund }: { refund: RefundActorRef }) {
  const reversals = useSelector(refund, selectReversals);
  const loading = useSelector(refund, selectIsLoadingReversals);
  const unavailable = useSelector(refund, selectReversalsUnavailable);
  return (
    <section aria-labelledby="recent-reversals">
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h3" id="recent-reversals">
          Recent refund reversals
        </Title>
        <Button
          variant="default"
          size="compact-sm"
          disabled={loading}
          onClick={() => refund.send({ type: 'reversals.reload' })}
        >
          Refresh
        </Button>
      </Group>
      {loading && reversals.length === 0 ? (
        <Text c="dimmed">Loading recent reversals...</Text>
      ) : unavailable ? (
        <Text c="var(--mantine-color-error)" role="alert">
          Could not load recent reversals.
        </Text>
      ) : reversals.length === 0 ? (
        <Text c="dimmed">No refund reversals yet.</Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped aria-labelledby="recent-reversals">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>When</Table.Th>
                <Table.Th>Payment</Table.Th>
                <Table.Th>Customer</Table.Th>
                <Table.Th>Amount</Table.Th>
                <Table.Th>By</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Notes</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {reversals.map((reversal) => (
                <ReversalRow key={reversal.id} reversal={reversal} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </section>
  );
}

function ReversalRow({ reversal }: { reversal: RefundReversal }) {
  const settings = useUserSettings();
  return (
    <Table.Tr>
      <Table.Td>{formatDateAs(reversal.created_date, settings)}</Table.Td>
      <Table.Td>
        <Text size="sm" ff="monospace">
          {reversal.session_id ?? reversal.payment_intent_id}
        </Text>
      </Table.Td>
      <Table.Td>{reversal.customer_email}</Table.Td>
      <Table.Td>{formatCents(reversal.amount_refunded)}</Table.Td>
      <Table.Td>{reversal.processed_by}</Table.Td>
      <Table.Td>{reversal.completed ? 'Done' : REVERSAL_UNFINISHED}</Table.Td>
      <Table.Td>{reversal.notes ?? ''}</Table.Td>
    </Table.Tr>
  );
}
