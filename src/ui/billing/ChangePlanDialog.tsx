import '../styles/modal';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/FloatingIndicator.css';
import '@mantine/core/styles/SegmentedControl.css';
import { Button, Group, Radio, SegmentedControl, Stack } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { type BillingInterval, PLAN_LIST, type PlanId } from '../../../contract/plans';
import { ANNUAL_SAVINGS_LABEL, formatUsd, planPrice } from '../../domain/prices';
import type { ChangePlanActorRef, ChangePlanInput } from '../../machines/change-plan';
import {
  selectChosenPlan,
  selectConfirmDisabled,
  selectError,
  selectIsBusy,
  selectIsDone,
  selectNotice,
  selectView,
} from '../../machines/change-plan';
import { FormFeedback } from '../forms/FormFeedback';
import { useFlow } from '../use-flow';
import { HeldModal } from './HeldModal';

/**
 * The change-plan dialog [product: BILL-2, BILL-9, BILL-12]. Its own plan choice (a radio list and the
 * monthly/annual switch), so it does not wait for the plan picker dialog; that one can replace the list later.
 * While the change (or the way to Checkout or the portal) is under way it cannot be dismissed: Close, 'Keep Current
 * Plan', Escape and a click outside wait for the answer [product: BILL-23].
 */
export function ChangePlanDialog({
  current,
  onClose,
  onChanged,
}: {
  current: ChangePlanInput;
  onClose: () => void;
  /** The plan was changed: the page reloads its billing info. */
  onChanged: () => void;
}) {
  const flow = useFlow('changePlan', { input: current, on: { done: onChanged } });
  const busy = useSelector(flow, selectIsBusy);
  return (
    <HeldModal busy={busy} title="Change Plan" onClose={onClose}>
      <ChangePlanForm flow={flow} current={current} onClose={onClose} />
    </HeldModal>
  );
}

function ChangePlanForm({
  flow,
  current,
  onClose,
}: {
  flow: ChangePlanActorRef;
  current: ChangePlanInput;
  onClose: () => void;
}) {
  const chosen = useSelector(flow, selectChosenPlan);
  const view = useSelector(flow, selectView);
  const error = useSelector(flow, selectError);
  const notice = useSelector(flow, selectNotice);
  const busy = useSelector(flow, selectIsBusy);
  const done = useSelector(flow, selectIsDone);
  const confirmDisabled = useSelector(flow, selectConfirmDisabled);

  return (
    <Stack>
      <SegmentedControl
        aria-label="Billing interval"
        color="indigo.7"
        autoContrast
        value={view}
        disabled={busy || done}
        onChange={(value) => flow.send({ type: 'interval.choose', interval: value as BillingInterval })}
        data={[
          { value: 'monthly', label: 'Monthly' },
          { value: 'annual', label: `Annual (${ANNUAL_SAVINGS_LABEL})` },
        ]}
      />
      <Radio.Group
        label="Plan"
        value={chosen}
        onChange={(value) => flow.send({ type: 'plan.choose', plan: value as PlanId })}
      >
        <Stack gap="xs" mt="xs">
          {PLAN_LIST.map((plan) => {
            const price = planPrice(plan.id, view);
            const isCurrent = plan.id === current.currentPlan && view === current.currentInterval;
            return (
              <Radio
                key={plan.id}
                value={plan.id}
                disabled={busy || done}
                label={`${plan.label}: ${formatUsd(price.perMonth)}/month${isCurrent ? ' (current plan)' : ''}`}
              />
            );
          })}
        </Stack>
      </Radio.Group>
      <FormFeedback error={error} notice={notice} />
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose} disabled={busy}>
          {done ? 'Done' : 'Keep Current Plan'}
        </Button>
        {!done && (
          <Button
            onClick={() => flow.send({ type: 'change.confirm' })}
            disabled={confirmDisabled}
            loading={busy}
          >
            Confirm Change
          </Button>
        )}
      </Group>
    </Stack>
  );
}
