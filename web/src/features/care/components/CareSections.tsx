import { Badge, Group, Stack, Text } from '@mantine/core';
import { formatNaira, type CareFactsAnswer } from '@ilera/contracts';
import { SectionCard } from '../../profiles/components/ProfileParts';
import { usePayerNames } from '../api/get-payers';
import { confirmedText, feeRows, upcomingClosures, weekFromToday } from '../care-text';
import { openStateText, toneColor } from '../open-state';
import { isReadiness, readinessFirst } from '../services-order';
import { Name } from '../../../i18n/names';

/** "Confirmed on …" under a group (with its age past 12 months); nothing when never confirmed. */
function Confirmed({ at, now }: { at: string | null | undefined; now: number }) {
  const text = confirmedText(at, now);
  return text ? (
    <Text size="xs" c="dimmed" mt="sm">
      {text}
    </Text>
  ) : null;
}

/** Badges of services, readiness ones first and marked (issue 45). */
export function ServiceBadges({ services }: { services: string[] }) {
  return (
    <Group gap="xs">
      {readinessFirst(services).map((s) => (
        <Badge key={s} variant="light" color={isReadiness(s) ? 'red' : undefined} tt="none" size="lg">
          <Name value={s} />
        </Badge>
      ))}
    </Group>
  );
}

/** The institution's existing "Services Offered" card gains the order and the confirmation. */
export function ServicesConfirmed({ care }: { care: CareFactsAnswer | null | undefined }) {
  return care ? <Confirmed at={care.sources.services.confirmedAt} now={Date.now()} /> : null;
}

/**
 * A profile's care facts (issue 45, D29): opening hours (today first, open now, closures), services (a
 * professional's; an institution shows its own "Services Offered"), health plans and fees in naira, each
 * with the date it was confirmed, and patients' reports in aggregate when there are enough of them.
 */
export function CareSections({ care, withServices }: { care: CareFactsAnswer | null | undefined; withServices: boolean }) {
  const names = usePayerNames();
  if (!care) return null;
  const now = Date.now();
  const hours = care.openingHours;
  const state = openStateText({ ...care, open24Hours: hours?.open24Hours }, now);
  const closures = hours ? upcomingClosures(hours, now) : [];
  const fees = feeRows(care.fees);
  const reports = care.reports;
  const wasOpen = reports ? reports.wasOpen.yes + reports.wasOpen.no : 0;
  const payerName = (slug: string) => names.get(slug) ?? slug.toUpperCase();
  return (
    <>
      <SectionCard title="Opening Hours" id="hours-heading">
        <Text fw={600} c={toneColor[state.tone]} mb="xs">
          {state.text}
        </Text>
        {hours ? (
          <Stack gap={4} role="list" aria-label="Opening hours by day">
            {weekFromToday(hours, now).map((d) => (
              <Group key={d.day} justify="space-between" role="listitem" wrap="nowrap">
                <Text size="sm" fw={d.today ? 700 : undefined}>
                  {d.today ? `${d.label} (today)` : d.label}
                </Text>
                <Text size="sm" fw={d.today ? 700 : undefined} c={d.text === 'Closed' ? 'dimmed' : undefined}>
                  {d.text}
                </Text>
              </Group>
            ))}
          </Stack>
        ) : (
          <Text c="dimmed">No opening hours listed.</Text>
        )}
        {closures.length > 0 && (
          <Stack gap={2} mt="sm">
            <Text size="sm" fw={600}>
              Closed on
            </Text>
            {closures.map((c) => (
              <Text size="sm" key={c}>
                {c}
              </Text>
            ))}
          </Stack>
        )}
        {hours && (
          <Text size="xs" c="dimmed" mt="sm">
            Times are WAT. Public holidays close providers that are not open 24 hours.
          </Text>
        )}
        {reports && wasOpen >= 3 && <Text size="sm" mt="xs">{`${reports.wasOpen.yes} of ${wasOpen} patients found it open`}</Text>}
        {care.stale && hours && (
          <Text size="sm" c="orange.8" mt="xs">
            These hours are more than 12 months old and may have changed.
          </Text>
        )}
        <Confirmed at={care.sources.openingHours.confirmedAt} now={now} />
      </SectionCard>

      {withServices && care.services.length > 0 && (
        <SectionCard title="Services" id="care-services-heading">
          <ServiceBadges services={care.services} />
          <Confirmed at={care.sources.services.confirmedAt} now={now} />
        </SectionCard>
      )}

      <SectionCard title="Health Plans" id="plans-heading">
        {care.plans.length ? (
          <Stack gap={6} role="list" aria-label="Health plans accepted">
            {care.plans.map((p) => (
              <Group key={`${p.payer}:${p.plan ?? ''}`} gap="xs" role="listitem">
                <Text size="sm" fw={600}>
                  {`Accepts ${payerName(p.payer)}`}
                </Text>
                {p.plan && (
                  <Text size="sm" c="dimmed">
                    {p.plan}
                  </Text>
                )}
                {p.primary && (
                  <Badge size="sm" variant="light" tt="none">
                    Primary provider
                  </Badge>
                )}
              </Group>
            ))}
          </Stack>
        ) : (
          <Text c="dimmed">No health plans listed.</Text>
        )}
        {reports?.planAccepted.map((a) => (
          <Text size="sm" mt="xs" key={a.payer}>
            {`${a.count} patients confirm ${payerName(a.payer)} was accepted`}
          </Text>
        ))}
        <Confirmed at={care.sources.plans.confirmedAt} now={now} />
      </SectionCard>

      <SectionCard title="Fees" id="fees-heading">
        {care.fees?.freeAtPointOfCare && (
          <Badge color="teal" variant="light" tt="none" size="lg" mb="xs">
            Free at the point of care
          </Badge>
        )}
        {fees.length > 0 ? (
          <Stack gap={4}>
            {fees.map(([label, value]) => (
              <Group key={label} justify="space-between" wrap="nowrap">
                <Text size="sm">{label}</Text>
                <Text size="sm" fw={600}>
                  {value}
                </Text>
              </Group>
            ))}
          </Stack>
        ) : (
          !care.fees?.freeAtPointOfCare && <Text c="dimmed">No fees listed.</Text>
        )}
        {reports?.paid && (
          <Text size="sm" mt="xs">
            {`Patients paid ${reports.paid.minNaira === reports.paid.maxNaira ? formatNaira(reports.paid.minNaira) : `${formatNaira(reports.paid.minNaira)}-${formatNaira(reports.paid.maxNaira)}`} (${reports.paid.count} reports in ${reports.paid.months} months)`}
          </Text>
        )}
        <Confirmed at={care.sources.fees.confirmedAt} now={now} />
      </SectionCard>
    </>
  );
}
