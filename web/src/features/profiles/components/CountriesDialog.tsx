import { useEffect, useState } from 'react';
import { Button, Group, Modal, MultiSelect, Stack, Text } from '@mantine/core';
import { professionalCountries } from '@ilera/contracts';
import { errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useUpdateCountries } from '../api/update-countries';

export interface CountriesDialogProps {
  opened: boolean;
  onClose: () => void;
  current: string[];
}

/** Countries of practice (spec §2 Dialogs, §5 Countries): never fewer than one, default Nigeria. */
export function CountriesDialog({ opened, onClose, current }: CountriesDialogProps) {
  const initial = current.length ? current : ['Nigeria'];
  const [selected, setSelected] = useState<string[]>(initial);
  const mutation = useUpdateCountries();

  useEffect(() => {
    if (opened) setSelected(current.length ? current : ['Nigeria']);
    // Only on opening: a refresh of `current` while the dialog is open must not undo the choice.
  }, [opened]); // eslint-disable-line react-hooks/exhaustive-deps

  // The 30 countries, plus any the profile already has from the wider canonical list (D8).
  const data = [...new Set([...professionalCountries, ...current])];

  const onChange = (next: string[]) => {
    if (next.length === 0) {
      toast({ title: 'Cannot remove all countries', description: 'You must be registered in at least one country.', variant: 'destructive' });
      return;
    }
    setSelected(next);
  };

  const onSave = async () => {
    if (selected.length === 0) {
      toast({ title: 'Invalid selection', description: 'At least one country must be selected.', variant: 'destructive' });
      return;
    }
    try {
      await mutation.mutateAsync(selected);
      toast({ title: 'Countries updated', description: 'Your countries of practice have been updated successfully.' });
      onClose();
    } catch (error) {
      toast({ title: 'Error', description: errorMessage(error, 'Failed to update countries'), variant: 'destructive' });
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Countries of Practice" centered>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Select every country where you are licensed to practise. At least one is required.
        </Text>
        <MultiSelect
          label="Countries"
          placeholder="Add a country"
          data={data}
          value={selected}
          onChange={onChange}
          searchable
          nothingFoundMessage="No country found"
          comboboxProps={{ withinPortal: true }}
        />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={onSave} loading={mutation.isPending}>
            Save Countries
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
