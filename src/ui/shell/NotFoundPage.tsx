import '@mantine/core/styles/Container.css';
import '@mantine/core/styles/Title.css';
import '@mantine/core/styles/Text.css';
import { Container, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { paths } from '../../routes/paths';

export function NotFoundPage() {
  return (
    <Container size="sm" py="xl">
      <Title order={1}>Page not found</Title>
      <Text>
        <Link to={paths.landing}>Go to the home page</Link>
      </Text>
    </Container>
  );
}
