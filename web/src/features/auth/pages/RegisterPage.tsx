import { Anchor, Tabs, Text } from '@mantine/core';
import { IconBuildingHospital, IconStethoscope, IconUser } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router-dom';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { AccountType } from '../api/register';
import { safeNext, signInPath } from '../api/return-path';
import { AuthLayout } from '../components/AuthLayout';
import { IconTabList } from '../../../components/IconTabList';
import { InstitutionRegisterForm } from '../components/InstitutionRegisterForm';
import { PatientRegisterForm } from '../components/PatientRegisterForm';
import { ProfessionalRegisterForm } from '../components/ProfessionalRegisterForm';
import { WithRegisterMessages } from '../register-messages';

const accountTabs = [
  { value: 'patient', label: msg`Patient`, icon: IconUser },
  { value: 'professional', label: msg`Healthcare Professional`, icon: IconStethoscope },
  { value: 'institution', label: msg`Healthcare Institution`, icon: IconBuildingHospital },
];
const accountTypes = accountTabs.map((t) => t.value as AccountType);

/** /register: three account types, each with its own form; success leads to /login. Issue 50: in the page's language (register.po, fetched with the page). */
export default function RegisterPage() {
  return (
    <WithRegisterMessages>
      <Register />
    </WithRegisterMessages>
  );
}

function Register() {
  const { t, i18n } = useLingui();
  const [params, setParams] = useSearchParams();
  const requested = params.get('type') as AccountType | null;
  const type: AccountType = requested && accountTypes.includes(requested) ? requested : 'patient';
  // Issue 34: where the visitor came from; kept across the tabs and passed to sign-in afterwards.
  const next = safeNext(params.get('next'));

  return (
    <AuthLayout title={t`Create Account`} subtitle={t`Join Ilera, Nigeria's directory of healthcare providers`} size={760}>
      <Tabs
        value={type}
        onChange={(v) => setParams({ ...(v && v !== 'patient' ? { type: v } : {}), ...(next ? { next } : {}) }, { replace: true })}
        keepMounted={false}
      >
        <IconTabList tabs={accountTabs.map((tab) => ({ ...tab, label: i18n._(tab.label) }))} grow mb="md" />
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
        <Trans>Already have an account?</Trans>{' '}
        <Anchor component={Link} to={signInPath(next ?? '/')} size="sm">
          <Trans>Sign In</Trans>
        </Anchor>
      </Text>
    </AuthLayout>
  );
}
