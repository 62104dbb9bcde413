import '../styles/modal';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Text.css';
import { Button, Group, NativeSelect, Stack, Text, Textarea } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { CANCEL_COMMENT_MAX_LENGTH, CANCEL_REASONS, type CancelReason } from '../../../contract/billing';
import {
  type CancellationActorRef,
  selectComment,
  selectError,
  selectIsBusy,
  selectIsDone,
  selectNotice,
  selectReason,
} from '../../machines/cancellation';
import { FormFeedback } from '../forms/FormFeedback';
import { useFlow } from '../use-flow';
import { HeldModal } from './HeldModal';

/** How each reason reads in the list [product: BILL-11, BILL-18]. */
export const CANCEL_REASON_LABELS: Readonly<Record<CancelReason, string>> = {
  unused: "I don't use it enough",
  too_expensive: 'Too expensive',
  missing_features: 'Missing features',
  switched_service: 'Switched to another service',
  other: 'Other',
};

/**
 * The cancel dialog [product: BILL-2, BILL-10, BILL-11, MSG-CANCEL]. While the cancellation is sent it cannot be
 * dismissed: Close, 'Keep Subscription', Escape and a click outside wait for the answer, which the dialog then
 * shows [product: BILL-23].
 */
export function CancelDialog({ onClose, onCancelled }: { onClose: () => void; onCancelled: () => void }) {
  const flow = useFlow('cancellation', { on: { done: onCancelled } });
  const busy = useSelector(flow, selectIsBusy);
  return (
    <HeldModal busy={busy} title="Cancel Subscription" onClose={onClose}>
      <CancelForm flow={flow} onClose={onClose} />
    </HeldModal>
  );
}

function CancelForm({ flow, onClose }: { flow: CancellationActorRef; onClose: () => void }) {
  const reason = useSelector(flow, selectReason);
  const comment = useSelector(flow, selectComment);
  const error = useSelector(flow, selectError);
  const notice = useSelector(flow, selectNotice);
  const busy = useSelector(flow, selectIsBusy);
  const done = useSelector(flow, selectIsDone);

  return (
    <Stack>
      <NativeSelect
        label="Reason"
        value={reason}
        disabled={busy || done}
        onChange={(e) => flow.send({ type: 'reason.choose', reason: e.currentTarget.value as CancelReason })}
        data={CANCEL_REASONS.map((value) => ({ value, label: CANCEL_REASON_LABELS[value] }))}
      />
      <Textarea
        label="Comment (optional)"
        value={comment}
        disabled={busy || done}
        rows={3}
        onChange={(e) => flow.send({ type: 'comment.change', comment: e.currentTarget.value })}
        description={
          // Red once over the limit, in a shade that keeps 4.5:1 [product: BILL-10, BILL-22].
          <Text
            span
            size="xs"
            aria-live="polite"
            c={comment.length > CANCEL_COMMENT_MAX_LENGTH ? 'var(--mantine-color-error)' : undefined}
          >
            {`${comment.length}/${CANCEL_COMMENT_MAX_LENGTH}`}
          </Text>
        }
      />
      <FormFeedback error={error} notice={notice} />
      {/* The buttons wrap together, never one alone [product: BILL-22]. */}
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={onClose} disabled={busy}>
          {done ? 'Done' : 'Keep Subscription'}
        </Button>
        {!done && (
          <>
            <Button
              color="red"
              variant="light"
              loading={busy}
              disabled={busy}
              onClick={() => flow.send({ type: 'cancel.confirm', cancelNow: false })}
            >
              Cancel at Period End
            </Button>
            <Button
              color="red.9"
              loading={busy}
              disabled={busy}
              onClick={() => flow.send({ type: 'cancel.confirm', cancelNow: true })}
            >
              Cancel Now
            </Button>
          </>
        )}
      </Group>
    </Stack>
  );
}
