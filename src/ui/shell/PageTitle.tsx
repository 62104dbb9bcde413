import '@mantine/core/styles/Title.css';
import '@mantine/core/styles/Text.css';
import { Text, Title } from '@mantine/core';

/** The heading every page starts with. */
export function PageTitle({ title, subtitle }: { title: string /** Default: none. */; subtitle?: string }) {
  return (
    <header>
      <Title order={1}>{title}</Title>
      {subtitle && <Text c="dimmed">{subtitle}</Text>}
    </header>
  );
}
