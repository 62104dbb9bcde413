import { useSelector } from '@xstate/react';
import { greetingName } from '../../domain/names';
import type { SessionSnapshot } from '../../machines/session';
import { useSessionActor } from '../app-context';
import { PageTitle } from './PageTitle';

const selectGreetingName = (snapshot: SessionSnapshot) =>
  snapshot.context.user ? greetingName(snapshot.context.user) : null;

export function OnboardingPage() {
  const name = useSelector(useSessionActor(), selectGreetingName);
  return <PageTitle title={name ? `Welcome, ${name}!` : 'Welcome!'} subtitle="Complete your setup" />;
}
