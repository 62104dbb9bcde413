import '../styles/modal';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/FloatingIndicator.css';
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Title.css';
import '@mantine/core/styles/Text.css';
import {
  Badge,
  Button,
  Card,
  Group,
  Modal,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { type BillingInterval, DEFAULT_INTERVAL, PLAN_LIST, type PlanId } from '../../../contract/plans';
import { devicesText } from '../../domain/plans';
import { ANNUAL_SAVINGS_LABEL, formatUsd, planPrice } from '../../domain/prices';

export interface PlanPickerDialogProps {
  /** The visitor picked a plan; the dialog closes itself through `onClose` right after. */
  onPick: (choice: { plan: PlanId; interval: BillingInterval }) => void;
  onClose: () => void;
  /** The interval the toggle starts at; default monthly. */
  interval?: BillingInterval;
}

/**
 * The plan picker [product: PICK]: the Founders' Beta header, the monthly/annual toggle, three plan cards with the
 * device line the landing cards show too [product: PLAN-10]; each button names its card's plan. Picking reports plan and interval and closes. Loaded lazily;
 * onboarding and billing both use it.
 */
export default function PlanPickerDialog({
  onPick,
  onClose,
  interval: initialInterval,
}: PlanPickerDialogProps) {
  const [interval, setInterval] = useState<BillingInterval>(initialInterval ?? DEFAULT_INTERVAL);

  return (
    <Modal
      opened
      onClose={onClose}
      title="Choose your plan"
      size="xl"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack>
        <Group justify="space-between">
          <Title order={2} size="h3">
            Founders' Beta
          </Title>
          <Group gap="xs">
            <SegmentedControl
              aria-label="Billing interval"
              color="indigo.7"
              autoContrast
              value={interval}
              onChange={(value) => setInterval(value as BillingInterval)}
              data={[
                { value: 'monthly', label: 'Monthly' },
                { value: 'annual', label: 'Annual' },
              ]}
            />
            {/* Filled and dark enough for the WCAG AA contrast ratio; the light variant is not. */}
            <Badge color="teal.9" variant="filled">
              {ANNUAL_SAVINGS_LABEL}
            </Badge>
          </Group>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          {PLAN_LIST.map((plan) => {
            const price = planPrice(plan.id, interval);
            return (
              <Card key={plan.id} withBorder padding="md" component="section" aria-label={plan.label}>
                <Stack gap="xs" h="100%">
                  <Title order={3} size="h4">
                    {plan.label}
                  </Title>
                  <Text fw={700} size="xl">
                    {formatUsd(price.perMonth)}
                    <Text span c="dimmed" size="sm">
                      {' '}
                      / month{interval === 'annual' ? `, ${formatUsd(price.charged)} billed yearly` : ''}
                    </Text>
                  </Text>
                  <Text size="sm">{devicesText(plan)}</Text>
                  {plan.features.map((feature) => (
                    <Text size="sm" key={feature}>
                      {feature}
                    </Text>
                  ))}
                  <Button
                    mt="auto"
                    onClick={() => {
                      onPick({ plan: plan.id, interval });
                      onClose();
                    }}
                  >
                    Select {plan.label}
                  </Button>
                </Stack>
              </Card>
            );
          })}
        </SimpleGrid>
      </Stack>
    </Modal>
  );
}
