import { useState } from 'react';
import { ActionIcon, Badge, CloseButton, Group, Input, Stack, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useLingui } from '@lingui/react/macro';
import { useNamesWhen } from '../../../i18n/names';

export interface ServicesInputProps {
  value: string[];
  onChange: (value: string[]) => void;
  error?: string;
}

/**
 * Institution services (spec §2, §5): typed freely, added with Enter or the plus
 * button, trimmed, without duplicates (whatever the letter case), removable chips.
 */
export function ServicesInput({ value, onChange, error }: ServicesInputProps) {
  const { t } = useLingui();
  // Issue 50: a service the directory names is shown in the page's language (what an owner typed, as typed).
  const name = useNamesWhen(value.length > 0);
  const [draft, setDraft] = useState('');

  const add = () => {
    const service = draft.trim();
    if (!service) return;
    if (!value.some((s) => s.toLowerCase() === service.toLowerCase())) onChange([...value, service]);
    setDraft('');
  };

  return (
    <Input.Wrapper label={t`Services`} description={t`Type a service and press Enter or +`} error={error}>
      <Stack gap="xs" mt={4}>
        <Group gap="xs" wrap="nowrap">
          <TextInput
            aria-label={t`Add a service`}
            placeholder={t`e.g. Emergency Care`}
            value={draft}
            onChange={(e) => setDraft(e.currentTarget.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                add();
              }
            }}
            style={{ flex: 1 }}
          />
          <ActionIcon size="lg" variant="light" aria-label={t`Add service`} onClick={add}>
            <IconPlus size={18} />
          </ActionIcon>
        </Group>
        {value.length > 0 && (
          <Group gap={6} role="list" aria-label={t`Services`}>
            {value.map((service) => (
              // A real, labelled button: keyboard and screen-reader users can remove a chip too.
              <Badge
                key={service}
                role="listitem"
                variant="light"
                size="lg"
                tt="none"
                pr={4}
                rightSection={
                  <CloseButton
                    size="xs"
                    aria-label={t`Remove ${service}`}
                    onClick={() => onChange(value.filter((s) => s !== service))}
                  />
                }
              >
                {name(service)}
              </Badge>
            ))}
          </Group>
        )}
      </Stack>
    </Input.Wrapper>
  );
}
