import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Title.css';
import '@mantine/core/styles/Text.css';
import { Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { type FormEvent, useState } from 'react';
import { type BillingInterval, DEFAULT_INTERVAL, DEFAULT_PLAN, type PlanId } from '../../../contract/plans';
import type { CompanySize } from '../../../contract/signup';
import {
  type SignupActorRef,
  selectError,
  selectIsBusy,
  selectIsResending,
  selectIsSigningIn,
  selectIsSubmitting,
  selectIsVerifying,
  selectNotice,
  selectSentEmail,
} from '../../machines/signup';
import { FormFeedback } from '../forms/FormFeedback';
import { CompanySizeSelect, IntervalSelect, PlanSelect } from '../forms/signup-fields';
import { useFields } from '../forms/use-fields';
import { useFlow } from '../use-flow';
import type { SignupDialogProps } from './SignupDialog';

/** The form, then 'Verify your email' [product: SIGNUP-1]; it renders the signup machine's state and sends events. */
export function SignupForm({ onClose, plan, interval }: SignupDialogProps) {
  const signup = useFlow('signup', { on: { done: onClose } });
  const verifying = useSelector(signup, selectIsVerifying);
  const error = useSelector(signup, selectError);
  const notice = useSelector(signup, selectNotice);

  return (
    <Stack>
      <FormFeedback error={error} notice={notice} />
      {verifying ? (
        <VerifyEmail signup={signup} />
      ) : (
        <Fields signup={signup} plan={plan ?? DEFAULT_PLAN} interval={interval ?? DEFAULT_INTERVAL} />
      )}
    </Stack>
  );
}

function Fields({
  signup,
  plan: initialPlan,
  interval: initialInterval,
}: {
  signup: SignupActorRef;
  plan: PlanId;
  interval: BillingInterval;
}) {
  const submitting = useSelector(signup, selectIsSubmitting);
  const { values, set, text } = useFields({
    fullName: '',
    email: '',
    password: '',
    confirmPassword: '',
    company: '',
    companySize: '' as CompanySize | '',
    plan: initialPlan,
    interval: initialInterval,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    signup.send({ type: 'form.submit', ...values });
  };

  return (
    // The machine validates with the contract's texts; the browser's own bubbles would pre-empt them.
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput label="Full name" autoComplete="name" data-autofocus {...text('fullName')} />
        <TextInput label="Email" type="email" autoComplete="email" {...text('email')} />
        <TextInput label="Password" type="password" autoComplete="new-password" {...text('password')} />
        <TextInput
          label="Confirm password"
          type="password"
          autoComplete="new-password"
          {...text('confirmPassword')}
        />
        <TextInput label="Company name" autoComplete="organization" {...text('company')} />
        <CompanySizeSelect value={values.companySize} onChange={(value) => set('companySize', value)} />
        <Group grow>
          <PlanSelect value={values.plan} onChange={(value) => set('plan', value)} />
          <IntervalSelect
            label="Interval"
            value={values.interval}
            onChange={(value) => set('interval', value)}
          />
        </Group>
        <Button type="submit" loading={submitting}>
          Create account
        </Button>
      </Stack>
    </form>
  );
}

function VerifyEmail({ signup }: { signup: SignupActorRef }) {
  const sentTo = useSelector(signup, selectSentEmail);
  const busy = useSelector(signup, selectIsBusy);
  const resending = useSelector(signup, selectIsResending);
  const signingIn = useSelector(signup, selectIsSigningIn);
  const [email, setEmail] = useState(sentTo);

  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        Verify your email
      </Title>
      <Text>
        We sent a confirmation link to {sentTo}. Open it, then come back and press 'I verified my email'.
      </Text>
      <TextInput
        label="Email"
        type="email"
        autoComplete="email"
        value={email}
        onChange={(event) => setEmail(event.currentTarget.value)}
      />
      <Button
        loading={signingIn}
        disabled={busy}
        onClick={() => signup.send({ type: 'verification.confirmed', email })}
      >
        I verified my email
      </Button>
      <Button
        variant="default"
        loading={resending}
        disabled={busy}
        onClick={() => signup.send({ type: 'verification.resend' })}
      >
        Resend email
      </Button>
    </Stack>
  );
}
