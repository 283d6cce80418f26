import { lazy, Suspense, useState } from 'react';
import { Button, Group, Text } from '@mantine/core';
import { useAuth } from '../../auth/api/use-auth';
import { SectionCard } from '../../profiles/components/ProfileParts';
import type { ProviderKind } from '../../profiles/api/types';

// Most visitors open neither dialog: their forms, schemas and the payer list come on first use, not with
// the profile page (its first-visit weight is budgeted).
const VisitReportDialog = lazy(() => import('./VisitReportDialog'));
const SuggestEditDialog = lazy(() => import('./SuggestEditDialog'));

/**
 * A profile's "Help keep this page right" (issue 45): anyone signed in may suggest an edit; on a register
 * listing (no owner to ask) a signed-in patient may say they visited and answer "How was your visit?".
 * The owner edits their page instead, so it is not shown to them. Nothing for visitors who are signed out.
 */
export function CareReportActions({ kind, id, name, ownerId, listed }: { kind: ProviderKind; id: number; name: string; ownerId: string | null; listed: boolean }) {
  const { user } = useAuth();
  const [open, setOpen] = useState<'visit' | 'suggest' | null>(null);
  const [opened, setOpened] = useState({ visit: false, suggest: false });
  const [visitSent, setVisitSent] = useState(false);
  if (!user || (ownerId !== null && String(user.id) === ownerId)) return null;
  const show = (which: 'visit' | 'suggest') => {
    setOpened((o) => ({ ...o, [which]: true }));
    setOpen(which);
  };
  const close = () => setOpen(null);
  const mayReport = listed && user.userType === 'patient';
  return (
    <SectionCard title="Help keep this page right" id="care-report-heading">
      {visitSent ? (
        <Text size="sm" mb="sm">
          Thank you for telling us about your visit.
        </Text>
      ) : (
        mayReport && (
          <Text size="sm" c="dimmed" mb="sm">
            Been here? Tell other patients whether it was open, if your health plan was accepted and what you paid.
          </Text>
        )
      )}
      <Group gap="sm">
        {mayReport && !visitSent && <Button onClick={() => show('visit')}>I Visited</Button>}
        <Button variant="light" onClick={() => show('suggest')}>
          Suggest an Edit
        </Button>
      </Group>
      <Suspense fallback={null}>
        {opened.visit && (
          <VisitReportDialog
            opened={open === 'visit'}
            onClose={close}
            onSent={() => {
              setVisitSent(true);
              close();
            }}
            kind={kind}
            id={id}
            providerName={name}
          />
        )}
        {opened.suggest && <SuggestEditDialog opened={open === 'suggest'} onClose={close} kind={kind} id={id} providerName={name} />}
      </Suspense>
    </SectionCard>
  );
}
