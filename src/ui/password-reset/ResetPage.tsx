import '@mantine/core/styles/Container.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Fieldset.css';
import '@mantine/core/styles/Anchor.css';
import { Anchor, Button, Container, Fieldset, Stack, TextInput } from '@mantine/core';
import { Link, useRouterState } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { type FormEvent, Suspense } from 'react';
import { paths } from '../../domain/pages';
import { selectError, selectIsBusy, selectIsUpdating, selectNotice } from '../../machines/password-reset';
import { FormFeedback } from '../forms/FormFeedback';
import { useFields } from '../forms/use-fields';
import { PageTitle } from '../shell/PageTitle';
import { useFlow } from '../use-flow';

/** The Reset page [product: RESET]: the e-mailed link's session, then the new password. */
export function ResetPage() {
  // The brand and a way back to the product, for someone who opened the link by mistake or is done [product: RESET-9].
  return (
    <>
      <header>
        <Container size="xs" pt="md">
          <Anchor component={Link} to={paths.landing} fw={700} c="var(--mantine-color-text)">
            Beacon RMM
          </Anchor>
        </Container>
      </header>
      <Container size="xs" py="xl" component="main">
        <Stack>
          <PageTitle title="Set a new password" />
          <Suspense fallback={null}>
            <ResetForm />
          </Suspense>
          <Anchor component={Link} to={paths.landing}>
            Back to the home page
          </Anchor>
        </Stack>
      </Container>
    </>
  );
}

function ResetForm() {
  // The address as the page opened, with the link's tokens or code; the machine cleans it 300 ms later.
  const href = useRouterState({ select: (state) => state.location.href });
  const reset = useFlow('passwordReset', { input: { href } });
  const error = useSelector(reset, selectError);
  const notice = useSelector(reset, selectNotice);
  const busy = useSelector(reset, selectIsBusy);
  const updating = useSelector(reset, selectIsUpdating);
  // Stryker disable next-line ObjectLiteral: equivalent, an input without a value shows empty and the machine reads a missing password as an empty one (too short)
  const { values, text } = useFields({ password: '', confirmPassword: '' });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    reset.send({ type: 'form.submit', ...values });
  };

  return (
    <form onSubmit={submit} noValidate>
      {/* Nothing to change while the link is read, the password updates, or the page is done. */}
      <Fieldset variant="unstyled" disabled={busy}>
        <Stack gap="sm">
          <FormFeedback error={error} notice={notice} />
          <TextInput label="New password" type="password" autoComplete="new-password" {...text('password')} />
          <TextInput
            label="Confirm new password"
            type="password"
            autoComplete="new-password"
            {...text('confirmPassword')}
          />
          <Button type="submit" disabled={busy}>
            {updating ? 'Updating…' : 'Update password'}
          </Button>
        </Stack>
      </Fieldset>
    </form>
  );
}
