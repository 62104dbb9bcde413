import '@mantine/core/styles/Container.css';
import { Container } from '@mantine/core';
import { PageTitle } from './PageTitle';

export function AdminRefundsPage() {
  return (
    <Container size="md" py="xl" component="main">
      <PageTitle title="Refund Management (Admin)" />
    </Container>
  );
}
