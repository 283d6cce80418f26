import { Tabs, type TabsListProps } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';

/** A tab list whose tabs each show an icon before their label (/register, /profile-setup). */
export function IconTabList({ tabs, ...props }: { tabs: { value: string; label: string; icon: Icon }[] } & Omit<TabsListProps, 'children'>) {
  return (
    <Tabs.List {...props}>
      {tabs.map(({ value, label, icon: TabIcon }) => (
        <Tabs.Tab key={value} value={value} leftSection={<TabIcon size={16} />}>
          {label}
        </Tabs.Tab>
      ))}
    </Tabs.List>
  );
}
