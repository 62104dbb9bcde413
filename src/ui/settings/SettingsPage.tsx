import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/Text.css';
import { Alert, Button, Group, NativeSelect, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { type FormEvent, useDeferredValue } from 'react';
import type { Settings } from '../../../contract/settings';
import { isSuccessMessage } from '../../domain/messages';
import type { SessionActorRef } from '../../machines/session';
import { selectIsSigningOut } from '../../machines/session-selectors';
import {
  type SettingsActorRef,
  selectIsLoadingSettings,
  selectIsSavingSettings,
  selectSettingsForm,
  selectSettingsMessage,
} from '../../machines/settings';
import { useSessionActor } from '../app-context';
import { PageSection } from '../shell/PageSection';
import { PageTitle } from '../shell/PageTitle';
import { pageHeadings } from '../shell/page-headings';
import { useFlow } from '../use-flow';
import { settingOptions } from './settings-options';

type ChoiceKey = keyof typeof settingOptions;
type FlagKey = { [K in keyof Settings]: Settings[K] extends boolean ? K : never }[keyof Settings];

/** The Settings page [product: SET, MSG-SET]: it renders the settings machine and sends it the form's changes. */
export function SettingsPage() {
  const session = useSessionActor();
  const settings = useFlow('settings');
  const loading = useSelector(settings, selectIsLoadingSettings);
  // The form appears in a deferred render, which React renders in slices, yielding to the browser between them
  // (its first render was one task of hundreds of milliseconds on a slow phone); a reload hides it at once.
  const showForm = useDeferredValue(!loading) && !loading;

  // One heading for both phases, so it stays the same element when the form replaces the loading line. While it
  // loads, the first section's heading and note stand where the form shows them, as the page's frame paints them.
  const { firstSection, ...title } = pageHeadings.settings;
  return (
    <Stack gap="lg">
      <PageTitle {...title} />
      {showForm ? (
        <SettingsForm settings={settings} session={session} />
      ) : (
        <PageSection {...firstSection}>
          <Text role="status">Loading settings...</Text>
        </PageSection>
      )}
    </Stack>
  );
}

/** The four sections and the actions, once the settings have loaded. */
function SettingsForm({ settings, session }: { settings: SettingsActorRef; session: SessionActorRef }) {
  const saving = useSelector(settings, selectIsSavingSettings);
  const form = useSelector(settings, selectSettingsForm);
  const message = useSelector(settings, selectSettingsMessage);
  const signingOut = useSelector(session, selectIsSigningOut);
  const change = (update: Partial<Settings>) => settings.send({ type: 'settings.change', change: update });
  const choice = (key: ChoiceKey, label: string, disabled = false) => (
    <NativeSelect
      label={label}
      data={settingOptions[key] as unknown as { value: string; label: string }[]}
      value={form[key]}
      disabled={saving || disabled}
      onChange={(event) => change({ [key]: event.currentTarget.value })}
    />
  );
  // The switch's label wraps its description too: without its own name, a switch with a description would be
  // called by both. The description stays its accessible description.
  const flag = (key: FlagKey, label: string, description?: string) => {
    const labelId = `setting-${key}-label`;
    return (
      <Switch
        label={<span id={labelId}>{label}</span>}
        aria-labelledby={labelId}
        description={description}
        checked={form[key]}
        disabled={saving}
        onChange={(event) => change({ [key]: event.currentTarget.checked })}
      />
    );
  };
  const save = (event: FormEvent) => {
    event.preventDefault();
    settings.send({ type: 'settings.save' });
  };

  return (
    <form onSubmit={save} noValidate>
      <Stack gap="lg">
        {message && (
          <Alert
            color={isSuccessMessage(message) ? 'green' : 'red'}
            // Stryker disable next-line StringLiteral: equivalent, Mantine's Alert reads an empty role as 'alert'
            role={isSuccessMessage(message) ? 'status' : 'alert'}
          >
            {message}
          </Alert>
        )}
        <PageSection {...pageHeadings.settings.firstSection}>
          {flag('emailNotifications', 'Email notifications')}
          {flag('pushNotifications', 'Push notifications')}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {choice('alertThreshold', 'Alert threshold')}
            {choice('digestFrequency', 'Digest frequency')}
          </SimpleGrid>
        </PageSection>
        <PageSection title="Security">
          {flag(
            'twoFactorEnabled',
            'Two-factor sign-in',
            'Two-factor sign-in is not enforced yet: your choice is saved and will take effect in a later release.',
          )}
          {choice('sessionTimeout', 'Session timeout')}
        </PageSection>
        <PageSection title="Interface">
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            {choice('theme', 'Theme')}
            {choice('timezone', 'Timezone')}
            {choice('dateFormat', 'Date format')}
          </SimpleGrid>
        </PageSection>
        <PageSection title="Monitoring" note="Used by the external dashboard when you open it from here.">
          {flag('autoRefresh', 'Auto refresh')}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {choice('defaultDashboard', 'Default dashboard')}
            {/* Kept but not editable while auto refresh is off [product: SET-12]. */}
            {choice('refreshInterval', 'Refresh interval', !form.autoRefresh)}
          </SimpleGrid>
        </PageSection>
        <Group justify="space-between">
          <Button
            variant="default"
            color="red"
            disabled={signingOut}
            onClick={() => session.send({ type: 'session.signOut' })}
          >
            {signingOut ? 'Signing out...' : 'Logout'}
          </Button>
          <Group>
            <Button
              variant="default"
              disabled={saving}
              onClick={() => settings.send({ type: 'settings.reset' })}
            >
              Reset to Defaults
            </Button>
            <Button type="submit" disabled={saving}>
              {saving ? 'Saving...' : 'Save Settings'}
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
