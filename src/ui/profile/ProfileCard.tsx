import '@mantine/core/styles/Avatar.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import { Avatar, Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { createContext } from 'react';
import type { ProfileCardText } from '../../../contract/profile-card';

/** Who is signed in, at the top of the Profile page [product: PROF-1]: only text, so the frame can paint it too. */
export function ProfileCard({ text }: { text: ProfileCardText }) {
  return (
    <Card withBorder padding="lg">
      <Group wrap="nowrap" align="flex-start">
        <Avatar color="indigo" radius="xl" size="lg" aria-hidden>
          {text.initials}
        </Avatar>
        <Stack gap={4}>
          <Group gap="xs">
            <Title order={2} size="h3">
              {text.name}
            </Title>
            <Badge variant="light" aria-label={`Role: ${text.role}`}>
              {text.role}
            </Badge>
          </Group>
          <Text c="dimmed">{text.email}</Text>
          <Text size="sm">Member since {text.memberSince}</Text>
          <Text size="sm">Organization: {text.organization}</Text>
        </Stack>
      </Group>
    </Card>
  );
}

/**
 * The card's texts for the frame the build paints (src/prerender/landing.tsx): slots the server fills for a request
 * with a session (contract/spa-build.ts `cardSlot`). Null in the browser, where the page shows the card itself.
 */
export const FrameCardContext = createContext<ProfileCardText | null>(null);
