import { lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { Button, Group, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ProviderKind } from '../../profiles/api/types';
import { WithCareReportMessages } from '../care-report-messages';

// Most visitors open neither dialog: their forms, schemas and the payer list come on first use, not with
// the card (the profile page's first-visit weight is budgeted).
const VisitReportDialog = lazy(() => import('./VisitReportDialog'));
const SuggestEditDialog = lazy(() => import('./SuggestEditDialog'));

type CardProps = {
  kind: ProviderKind;
  id: number;
  name: string;
  mayReport: boolean;
  /** The profile's card frame (its SectionCard), given by the profile page's chunk. */
  Frame: ComponentType<{ title: string; id: string; children: ReactNode }>;
};

/** The card (CareReportActions.tsx decides who sees it), in the page's language with care-report.po (issue 50). */
export default function CareReportCard(props: CardProps) {
  return (
    <WithCareReportMessages>
      <Card {...props} />
    </WithCareReportMessages>
  );
}

function Card({ kind, id, name, mayReport, Frame }: CardProps) {
  const { t } = useLingui();
  const [open, setOpen] = useState<'visit' | 'suggest' | null>(null);
  const [opened, setOpened] = useState({ visit: false, suggest: false });
  const [visitSent, setVisitSent] = useState(false);
  const show = (which: 'visit' | 'suggest') => {
    setOpened((o) => ({ ...o, [which]: true }));
    setOpen(which);
  };
  const close = () => setOpen(null);
  return (
    <Frame title={t`Help keep this page right`} id="care-report-heading">
      {visitSent ? (
        <Text size="sm" mb="sm">
          <Trans>Thank you for telling us about your visit.</Trans>
        </Text>
      ) : (
        mayReport && (
          <Text size="sm" c="dimmed" mb="sm">
            <Trans>Been here? Tell other patients whether it was open, if your health plan was accepted and what you paid.</Trans>
          </Text>
        )
      )}
      <Group gap="sm">
        {mayReport && !visitSent && (
          <Button onClick={() => show('visit')}>
            <Trans>I Visited</Trans>
          </Button>
        )}
        <Button variant="light" onClick={() => show('suggest')}>
          <Trans>Suggest an Edit</Trans>
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
    </Frame>
  );
}
