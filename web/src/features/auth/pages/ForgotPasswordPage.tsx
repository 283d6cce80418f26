import { Container, Title } from '@mantine/core';

// Placeholder: replaced by the page's owner.
export default function ForgotPasswordPage() {
  return (
    <Container size="md" py="xl">
      <Title order={1}>Forgot Password</Title>
    </Container>
  );
}
