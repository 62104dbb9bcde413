import '@mantine/core/styles/Container.css';
import { Container } from '@mantine/core';
import { PageTitle } from './PageTitle';

export function ResetPage() {
  return (
    <Container size="xs" py="xl" component="main">
      <PageTitle title="Set a new password" />
    </Container>
  );
}
