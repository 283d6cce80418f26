import { Select, SimpleGrid, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useLingui } from '@lingui/react/macro';
import { nigerianStates } from '@ilera/contracts';

// A type, not an interface: form values must be indexable (Record<string, unknown>) for the zod resolver.
export type AddressValues = {
  address: string;
  city: string;
  state: string;
  zipCode: string;
};

export const emptyAddress: AddressValues = { address: '', city: '', state: '', zipCode: '' };

export function AddressFields<V extends AddressValues>({ form }: { form: UseFormReturnType<V> }) {
  const { t } = useLingui();
  const f = form as unknown as UseFormReturnType<AddressValues>;
  return (
    <>
      <TextInput label={t`Address`} autoComplete="street-address" required {...f.getInputProps('address')} />
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <TextInput label={t`City`} autoComplete="address-level2" required {...f.getInputProps('city')} />
        <Select
          label={t`State`}
          placeholder={t`Choose a state`}
          data={nigerianStates as unknown as string[]}
          searchable
          required
          {...f.getInputProps('state')}
          onChange={(v) => f.setFieldValue('state', v ?? '')}
        />
        <TextInput label={t`Zip Code (optional)`} autoComplete="postal-code" {...f.getInputProps('zipCode')} />
      </SimpleGrid>
    </>
  );
}
