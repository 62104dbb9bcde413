import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Group.css';
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useSelector } from '@xstate/react';
import type { FormEvent } from 'react';
import { selectUser } from '../../machines/session-selectors';
import {
  selectError,
  selectIsBusy,
  selectIsGoingToGoogle,
  selectIsRequestingReset,
  selectIsResending,
  selectIsSigningIn,
  selectNotice,
} from '../../machines/sign-in';
import { useSessionSnapshot } from '../app-context';
import { FormFeedback } from '../forms/FormFeedback';
import { useFields } from '../forms/use-fields';
import { useFlow } from '../use-flow';

/** E-mail and password, Google, the reset e-mail and the confirmation resend; it renders the machine's state. */
export function SignInForm({ onClose }: { onClose: () => void }) {
  const session = useSessionSnapshot();
  const signIn = useFlow('signIn', {
    input: { signedInEmail: (session && selectUser(session)?.email) ?? null },
    on: { done: onClose },
  });
  const error = useSelector(signIn, selectError);
  const notice = useSelector(signIn, selectNotice);
  const busy = useSelector(signIn, selectIsBusy);
  const signingIn = useSelector(signIn, selectIsSigningIn);
  const goingToGoogle = useSelector(signIn, selectIsGoingToGoogle);
  const requestingReset = useSelector(signIn, selectIsRequestingReset);
  const resending = useSelector(signIn, selectIsResending);
  const { values, text } = useFields({ email: '', password: '' });
  const { email } = values;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    signIn.send({ type: 'form.submit', ...values });
  };

  return (
    // The machine validates, with the contract's texts; the browser's own bubbles would pre-empt them.
    <form onSubmit={submit} noValidate>
      <Stack>
        <FormFeedback error={error} notice={notice} />
        <TextInput label="Email" type="email" autoComplete="email" data-autofocus {...text('email')} />
        <TextInput label="Password" type="password" autoComplete="current-password" {...text('password')} />
        <Button type="submit" loading={signingIn} disabled={busy}>
          Sign In
        </Button>
        <Button
          variant="default"
          loading={goingToGoogle}
          disabled={busy}
          onClick={() => signIn.send({ type: 'google.start' })}
        >
          Continue with Google
        </Button>
        <Group justify="space-between" gap="xs">
          <Button
            variant="subtle"
            size="compact-sm"
            loading={requestingReset}
            disabled={busy}
            onClick={() => signIn.send({ type: 'passwordReset.request', email })}
          >
            Forgot password?
          </Button>
          <Button
            variant="subtle"
            size="compact-sm"
            loading={resending}
            disabled={busy}
            onClick={() => signIn.send({ type: 'confirmation.resend', email })}
          >
            Resend confirmation email
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
