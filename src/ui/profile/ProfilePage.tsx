import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import { Alert, Button, Card, Group, SimpleGrid, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { type FormEvent, useEffect } from 'react';
import { displayName } from '../../../contract/names';
import { profileCardText } from '../../../contract/profile-card';
import { PROFILE_LIMITS, type ProfileField } from '../../../contract/user';
import {
  selectFieldErrors,
  selectIsSavingProfile,
  selectProfileForm,
  selectProfileResult,
  selectProfileUser,
} from '../../machines/profile';
import { selectUser } from '../../machines/session-selectors';
import { useSessionActor } from '../app-context';
import { useUserSettings } from '../shell/account-hooks';
import { PageTitle } from '../shell/PageTitle';
import { pageHeadings } from '../shell/page-headings';
import { useFlow } from '../use-flow';
import { ProfileCard } from './ProfileCard';

/** The Profile page [product: PROF, MSG-PROF]: it renders the profile machine and sends it the form's edits. */
export function ProfilePage() {
  const session = useSessionActor();
  const profile = useFlow('profile', {
    input: { user: selectUser(session.getSnapshot()) },
  });
  const user = useSelector(profile, selectProfileUser);
  const form = useSelector(profile, selectProfileForm);
  const fieldErrors = useSelector(profile, selectFieldErrors);
  const result = useSelector(profile, selectProfileResult);
  const saving = useSelector(profile, selectIsSavingProfile);
  const settings = useUserSettings();
  // Checked once, on arrival [product: PROF-5]; a sign-out from this page goes where the sign-out says (SESSION).
  useEffect(() => {
    if (!selectUser(session.getSnapshot())) profile.send({ type: 'session.missing' });
  }, [session, profile]);
  if (!user) return null;

  const name = displayName(user);
  const edit = (field: ProfileField) => (event: { currentTarget: { value: string } }) =>
    profile.send({ type: 'profile.edit', field, value: event.currentTarget.value });
  const fieldProps = (field: ProfileField) => ({
    value: form[field],
    onChange: edit(field),
    error: fieldErrors[field],
    disabled: saving,
    maxLength: PROFILE_LIMITS[field],
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    profile.send({ type: 'profile.save' });
  };

  return (
    <Stack gap="lg">
      <PageTitle {...pageHeadings.profile} />
      <ProfileCard text={profileCardText(user, settings)} />
      <Card withBorder padding="lg" component="section" aria-labelledby="personal-information">
        <form onSubmit={submit} noValidate>
          <Stack>
            <Title order={2} size="h4" id="personal-information">
              Personal Information
            </Title>
            {result && (
              <Alert
                color={result.tone === 'success' ? 'green' : 'red'}
                // Stryker disable next-line StringLiteral: equivalent, Mantine's Alert reads an empty role as 'alert'
                role={result.tone === 'success' ? 'status' : 'alert'}
              >
                {result.text}
              </Alert>
            )}
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label="Full name"
                value={name}
                readOnly
                description="Managed by your sign-in account"
              />
              <TextInput
                label="Email"
                value={user.email}
                readOnly
                description="Managed by your sign-in account"
              />
              <TextInput label="Company" autoComplete="organization" {...fieldProps('company')} />
              <TextInput label="Phone" type="tel" autoComplete="tel" {...fieldProps('phone')} />
              <TextInput label="Location" autoComplete="address-level2" {...fieldProps('location')} />
            </SimpleGrid>
            <Textarea label="Bio" rows={4} {...fieldProps('bio')} />
            <Group justify="flex-end">
              <Button type="submit" disabled={saving}>
                {saving ? 'Saving...' : 'Save Changes'}
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
    </Stack>
  );
}
