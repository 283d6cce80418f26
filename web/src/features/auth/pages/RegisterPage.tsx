import { Anchor, Tabs, Text } from '@mantine/core';
import { IconBuildingHospital, IconStethoscope, IconUser } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router-dom';
import type { AccountType } from '../api/register';
import { AuthLayout } from '../components/AuthLayout';
import { InstitutionRegisterForm } from '../components/InstitutionRegisterForm';
import { PatientRegisterForm } from '../components/PatientRegisterForm';
import { ProfessionalRegisterForm } from '../components/ProfessionalRegisterForm';

const accountTypes: AccountType[] = ['patient', 'professional', 'institution'];

/** /register: three account types, each with its own form; success leads to /login. */
export default function RegisterPage() {
  const [params, setParams] = useSearchParams();
  const requested = params.get('type') as AccountType | null;
  const type: AccountType = requested && accountTypes.includes(requested) ? requested : 'patient';

  return (
    <AuthLayout title="Create Account" subtitle="Join Ilera, Nigeria's directory of healthcare providers" size={760}>
      <Tabs
        value={type}
        onChange={(v) => setParams(v && v !== 'patient' ? { type: v } : {}, { replace: true })}
        keepMounted={false}
      >
        <Tabs.List grow mb="md">
          <Tabs.Tab value="patient" leftSection={<IconUser size={16} />}>
            Patient
          </Tabs.Tab>
          <Tabs.Tab value="professional" leftSection={<IconStethoscope size={16} />}>
            Healthcare Professional
          </Tabs.Tab>
          <Tabs.Tab value="institution" leftSection={<IconBuildingHospital size={16} />}>
            Healthcare Institution
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="patient">
          <PatientRegisterForm />
        </Tabs.Panel>
        <Tabs.Panel value="professional">
          <ProfessionalRegisterForm />
        </Tabs.Panel>
        <Tabs.Panel value="institution">
          <InstitutionRegisterForm />
        </Tabs.Panel>
      </Tabs>
      <Text size="sm" ta="center" c="dimmed">
        Already have an account?{' '}
        <Anchor component={Link} to="/login" size="sm">
          Sign In
        </Anchor>
      </Text>
    </AuthLayout>
  );
}
