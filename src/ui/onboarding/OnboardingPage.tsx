import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Container.css';
import { Anchor, Button, Container, Fieldset, Group, Loader, Stack, TextInput } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { type FormEvent, lazy, Suspense, useState } from 'react';
import { greetingName } from '../../../contract/names';
import { DEFAULT_INTERVAL, DEFAULT_PLAN } from '../../../contract/plans';
import type { CompanySize, PendingOnboarding } from '../../../contract/signup';
import {
  type OnboardingActorRef,
  selectError,
  selectIsPreparing,
  selectIsSubmitting,
  selectPrefill,
} from '../../machines/onboarding';
import type { SessionSnapshot, SessionUser } from '../../machines/session';
import { selectUser } from '../../machines/session-selectors';
import { useSessionActor } from '../app-context';
import { FormFeedback } from '../forms/FormFeedback';
import { CompanySizeSelect, IntervalSelect, PlanSelect } from '../forms/signup-fields';
import { useFields } from '../forms/use-fields';
import { PageTitle } from '../shell/PageTitle';
import { useFlow } from '../use-flow';

const PlanPickerDialog = lazy(() => import('../plan-picker/PlanPickerDialog'));

const selectGreetingName = (snapshot: SessionSnapshot) =>
  snapshot.context.user ? greetingName(snapshot.context.user) : null;

/** Onboarding [product: ONB]: completes the signup record of a verified account, then on to /Dashboard. */
export function OnboardingPage() {
  const session = useSessionActor();
  const name = useSelector(session, selectGreetingName);
  const user = useSelector(session, selectUser);
  const onboarding = useFlow('onboarding');
  const preparing = useSelector(onboarding, selectIsPreparing);
  const prefill = useSelector(onboarding, selectPrefill);

  return (
    <Container size="sm" px={0}>
      <Stack>
        <PageTitle title={name ? `Welcome, ${name}!` : 'Welcome!'} subtitle="Complete your setup" />
        {preparing || !user ? (
          <Loader size="sm" aria-label="Loading" />
        ) : (
          <OnboardingForm onboarding={onboarding} user={user} prefill={prefill} />
        )}
      </Stack>
    </Container>
  );
}

function OnboardingForm({
  onboarding,
  user,
  prefill,
}: {
  onboarding: OnboardingActorRef;
  user: SessionUser;
  prefill: PendingOnboarding | null;
}) {
  const error = useSelector(onboarding, selectError);
  const submitting = useSelector(onboarding, selectIsSubmitting);
  // The e-mail is the session's, lowercased, and not editable [product: ONB-6].
  const email = user.email.trim().toLowerCase();
  const { values, set, text } = useFields({
    name: prefill?.name || user.full_name || '',
    company: prefill?.company || user.company || '',
    company_size: (prefill?.company_size ?? '') as CompanySize | '',
    plan: prefill?.plan ?? DEFAULT_PLAN,
    interval: prefill?.interval ?? DEFAULT_INTERVAL,
  });
  const [pickerOpen, setPickerOpen] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onboarding.send({ type: 'form.submit', ...values, email });
  };

  return (
    <form onSubmit={submit} noValidate>
      {/* Nothing to change while the record is created and the session reloads. */}
      <Fieldset variant="unstyled" disabled={submitting}>
        <Stack gap="sm">
          <FormFeedback error={error} notice={null} />
          <TextInput label="Full name" required autoComplete="name" {...text('name')} />
          <TextInput label="Email" type="email" value={email} readOnly />
          <TextInput label="Company" autoComplete="organization" {...text('company')} />
          <CompanySizeSelect value={values.company_size} onChange={(value) => set('company_size', value)} />
          <Group grow>
            <PlanSelect value={values.plan} onChange={(value) => set('plan', value)} />
            <IntervalSelect
              label="Billing"
              value={values.interval}
              onChange={(value) => set('interval', value)}
            />
          </Group>
          <Anchor component="button" type="button" onClick={() => setPickerOpen(true)} w="fit-content">
            See what's included
          </Anchor>
          <Button type="submit" disabled={submitting}>
            {submitting ? 'Submitting…' : 'Get started'}
          </Button>
        </Stack>
      </Fieldset>
      <Suspense fallback={null}>
        {pickerOpen && (
          <PlanPickerDialog
            interval={values.interval}
            onClose={() => setPickerOpen(false)}
            onPick={(choice) => {
              set('plan', choice.plan);
              set('interval', choice.interval);
            }}
          />
        )}
      </Suspense>
    </form>
  );
}
