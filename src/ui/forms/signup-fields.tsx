import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Input.css';
import { NativeSelect } from '@mantine/core';
import {
  BILLING_INTERVALS,
  type BillingInterval,
  PLAN_IDS,
  PLANS,
  type PlanId,
} from '../../../contract/plans';
import { COMPANY_SIZES, type CompanySize } from '../../../contract/signup';

/** The selects the sign-up dialog and onboarding share [product: SIGNUP-5, ONB-2, LIMIT-17]. */

const INTERVAL_LABELS: Record<BillingInterval, string> = { monthly: 'Monthly', annual: 'Annual' };

export function CompanySizeSelect({
  value,
  onChange,
}: {
  value: CompanySize | '';
  onChange: (value: CompanySize | '') => void;
}) {
  return (
    <NativeSelect
      label="Company size"
      value={value}
      onChange={(event) => onChange(event.currentTarget.value as CompanySize | '')}
      data={[
        { value: '', label: 'Not specified' },
        ...COMPANY_SIZES.map((size) => ({ value: size, label: size })),
      ]}
    />
  );
}

export function PlanSelect({ value, onChange }: { value: PlanId; onChange: (value: PlanId) => void }) {
  return (
    <NativeSelect
      label="Plan"
      value={value}
      onChange={(event) => onChange(event.currentTarget.value as PlanId)}
      data={PLAN_IDS.map((id) => ({ value: id, label: PLANS[id].label }))}
    />
  );
}

export function IntervalSelect({
  label,
  value,
  onChange,
}: {
  label: string;
  value: BillingInterval;
  onChange: (value: BillingInterval) => void;
}) {
  return (
    <NativeSelect
      label={label}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value as BillingInterval)}
      data={BILLING_INTERVALS.map((interval) => ({ value: interval, label: INTERVAL_LABELS[interval] }))}
    />
  );
}
