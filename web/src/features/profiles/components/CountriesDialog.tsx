import { useEffect, useState } from 'react';
import { Button, Group, Modal, MultiSelect, Paper, Stack, Text } from '@mantine/core';
import { LICENSE_PER_COUNTRY_MESSAGE, professionalCountries, type LicenceRecord, type ProfessionalType } from '@ilera/contracts';
import { emptyLicence, LicenceFields, licenceInput, type LicenceDraft } from '../../../components/LicenceFields';
import { errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useUpdateCountries } from '../api/update-countries';
import { Trans, useLingui } from '@lingui/react/macro';
import { DashboardMessages } from '../../../i18n/dashboard-messages';

export interface CountriesDialogProps {
  opened: boolean;
  onClose: () => void;
  current: string[];
  /** The licence of each current country (countries = licences). */
  licences: LicenceRecord[];
  professionalType: ProfessionalType;
}

const draftsOf = (licences: LicenceRecord[]): Record<string, LicenceDraft> =>
  Object.fromEntries(
    licences.map((l) => [l.country, { country: l.country, licenseNumber: l.licenseNumber, council: l.council ?? '', expiresOn: l.expiresOn ?? '' }]),
  );

/**
 * Countries of practice (spec §2 Dialogs, §5 Countries): never fewer than one, default
 * Nigeria; each with its licence: number, council and expiry date (issues 14 and 18).
 */
export function CountriesDialog(props: CountriesDialogProps) {
  return (
    <DashboardMessages>
      <CountriesForm {...props} />
    </DashboardMessages>
  );
}

function CountriesForm({ opened, onClose, current, licences, professionalType }: CountriesDialogProps) {
  const { t } = useLingui();
  const initial = current.length ? current : ['Nigeria'];
  const [selected, setSelected] = useState<string[]>(initial);
  const [drafts, setDrafts] = useState<Record<string, LicenceDraft>>(() => draftsOf(licences));
  const mutation = useUpdateCountries();

  useEffect(() => {
    if (opened) {
      setSelected(current.length ? current : ['Nigeria']);
      setDrafts(draftsOf(licences));
    }
    // Only on opening: a refresh of `current` while the dialog is open must not undo the choice.
  }, [opened]); // eslint-disable-line react-hooks/exhaustive-deps

  const draft = (country: string): LicenceDraft => drafts[country] ?? emptyLicence(country);

  // The 30 countries, plus any the profile already has from the wider canonical list (D8).
  const data = [...new Set([...professionalCountries, ...current])];

  const onChange = (next: string[]) => {
    if (next.length === 0) {
      toast({ title: t`Cannot remove all countries`, description: t`You must be registered in at least one country.`, variant: 'destructive' });
      return;
    }
    setSelected(next);
  };

  const onSave = async () => {
    if (selected.length === 0) {
      toast({ title: t`Invalid selection`, description: t`At least one country must be selected.`, variant: 'destructive' });
      return;
    }
    if (selected.some((c) => !draft(c).licenseNumber.trim())) {
      toast({ title: t`Invalid selection`, description: LICENSE_PER_COUNTRY_MESSAGE, variant: 'destructive' });
      return;
    }
    try {
      await mutation.mutateAsync({
        countries: selected,
        countryLicenses: selected.map((country) => licenceInput(draft(country))),
      });
      toast({ title: t`Countries updated`, description: t`Your countries of practice have been updated successfully.` });
      onClose();
    } catch (error) {
      toast({ title: t`Error`, description: errorMessage(error, t`Failed to update countries`), variant: 'destructive' });
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t`Countries of Practice`} centered size="lg">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          <Trans>Select every country where you are licensed to practise. At least one is required.</Trans>
        </Text>
        <MultiSelect
          label={t`Countries`}
          placeholder={t`Add a country`}
          data={data}
          value={selected}
          onChange={onChange}
          searchable
          nothingFoundMessage={t`No country found`}
          comboboxProps={{ withinPortal: true }}
        />
        {selected.map((country) => (
          <Paper key={country} withBorder p="sm" radius="md">
            <Text fw={600} size="sm" mb={4}>
              {country}
            </Text>
            <LicenceFields
              kind="professional"
              providerType={professionalType}
              value={draft(country)}
              onChange={(next) => setDrafts((d) => ({ ...d, [country]: next }))}
              required
            />
          </Paper>
        ))}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose}>
            <Trans>Cancel</Trans>
          </Button>
          <Button onClick={onSave} loading={mutation.isPending}>
            <Trans>Save Countries</Trans>
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
