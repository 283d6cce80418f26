import { List, Text } from '@mantine/core';
import { Section, StaticPage } from '../../components/StaticPage';

export default function PrivacyPage() {
  return (
    <StaticPage title="Privacy Policy" updated="1 January 2025">
      <Text>
        Your health information is personal. This page explains what Ilera keeps, who can see it and what you can ask
        us to do with it.
      </Text>
      <Section title="What we keep">
        <List size="sm" spacing={4}>
          <List.Item>Your account: name, e-mail address, phone number and profile photo.</List.Item>
          <List.Item>
            Appointment requests: the provider, date and time, your contact details and your reason for the visit.
          </List.Item>
          <List.Item>Reviews you write, which are public and shown with your name.</List.Item>
          <List.Item>For providers: the professional or institution details you submit for listing.</List.Item>
        </List>
      </Section>
      <Section title="Who can see your health information">
        <Text>
          Appointment details, including your reason for the visit, are shown only to you, to the provider you booked
          with, and to Ilera administrators when needed to run the service. We never sell your data or share it with
          advertisers.
        </Text>
      </Section>
      <Section title="Public profiles">
        <Text>
          Only provider profiles approved by an administrator are public. Providers decide what their profile says and
          can edit it at any time.
        </Text>
      </Section>
      <Section title="Security">
        <Text>
          Passwords are stored only as strong one-way hashes. Sessions use encrypted cookies, and changing your password
          signs out your other sessions.
        </Text>
      </Section>
      <Section title="Your choices">
        <Text>
          You can update your details from your profile at any time, and ask us to close your account and delete your
          data by writing to privacy@ilera.ng.
        </Text>
      </Section>
    </StaticPage>
  );
}
