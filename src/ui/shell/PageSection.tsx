import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import { Card, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';

export interface SectionHeading {
  title: string;
  note?: string;
}

/** A titled card of a page's form (Settings' sections), with its note under the title. */
export function PageSection({ title, note, children }: SectionHeading & { children: ReactNode }) {
  // React's own id: a title's spaces would split aria-labelledby into several ids.
  const id = useId();
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={id}>
      <Stack>
        <div>
          <Title order={2} size="h4" id={id}>
            {title}
          </Title>
          {note && (
            <Text size="sm" c="dimmed">
              {note}
            </Text>
          )}
        </div>
        {children}
      </Stack>
    </Card>
  );
}
