import { Badge, Group, Stack, Text } from '@mantine/core';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { formatNaira, type CareFactsAnswer, type CareWeekday } from '@ilera/contracts';
import { SectionCard } from '../../profiles/components/ProfileParts';
import { usePayerNames } from '../api/get-payers';
import { confirmedText, feeRows, upcomingClosures, weekFromToday } from '../care-text';
import { openStateText, toneColor } from '../open-state';
import { openStateIn, weekdayText } from '../open-state-text';
import { useLocale } from '../../../i18n/use-locale';
import { isReadiness, readinessFirst } from '../services-order';
import { Name } from '../../../i18n/names';
import { dateIn } from '../../../i18n/dates';


/** Issue 45's fees reported by patients ("Patients paid ₦5,000-₦8,000 (4 reports in 12 months)"); issue 50: in the page's language. */
function PatientsPaid({ minNaira, maxNaira, count, months }: { minNaira: number; maxNaira: number; count: number; months: number }) {
  const { t } = useLingui();
  const amount = minNaira === maxNaira ? formatNaira(minNaira) : `${formatNaira(minNaira)}-${formatNaira(maxNaira)}`;
  return (
    <Text size="sm" mt="xs">
      {t`Patients paid ${amount} (${plural(count, { one: '# report', other: '# reports' })} in ${months} months)`}
    </Text>
  );
}

/** "Confirmed on …" under a group (with its age past 12 months); nothing when never confirmed. Issue 50: in the page's language, its date by CLDR. */
function Confirmed({ at, now }: { at: string | null | undefined; now: number }) {
  const { t } = useLingui();
  const locale = useLocale();
  let text = confirmedText(at, now);
  if (text && at && locale !== 'en') {
    const date = dateIn(locale, at);
    const age = /\((.*) ago\)$/.exec(text)?.[1];
    text = age ? t`Confirmed on ${date} (${age} ago)` : t`Confirmed on ${date}`;
  }
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

/** A weekday's name in the page's language. */
function useDayName(): (day: CareWeekday) => string {
  const { i18n } = useLingui();
  return (day) => i18n._(weekdayText[day]);
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
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const dayName = useDayName();
  if (!care) return null;
  const now = Date.now();
  const hours = care.openingHours;
  const state = openStateText({ ...care, open24Hours: hours?.open24Hours }, now);
  // Issue 50: English as the spec says it; another language's words from profile.po.
  const stateText = locale === 'en' ? state.text : openStateIn(i18n, { ...care, open24Hours: hours?.open24Hours }, now);
  const dayText = (text: string) => (text === 'Closed' ? t`Closed` : text === 'Open 24 hours' ? t`Open 24 hours` : text);
  const feeLabel = { 'Registration / card': t`Registration / card`, Consultation: t`Consultation`, 'Follow-up': t`Follow-up` } as Record<string, string>;
  const closures = hours ? upcomingClosures(hours, now) : [];
  const fees = feeRows(care.fees);
  const reports = care.reports;
  const wasOpen = reports ? reports.wasOpen.yes + reports.wasOpen.no : 0;
  const payerName = (slug: string) => names.get(slug) ?? slug.toUpperCase();
  return (
    <>
      <SectionCard title={t`Opening Hours`} id="hours-heading">
        <Text fw={600} c={toneColor[state.tone]} mb="xs">
          {stateText}
        </Text>
        {hours ? (
          <Stack gap={4} role="list" aria-label={t`Opening hours by day`}>
            {weekFromToday(hours, now).map((d) => (
              <Group key={d.day} justify="space-between" role="listitem" wrap="nowrap">
                <Text size="sm" fw={d.today ? 700 : undefined}>
                  {d.today ? t`${dayName(d.day)} (today)` : dayName(d.day)}
                </Text>
                <Text size="sm" fw={d.today ? 700 : undefined} c={d.text === 'Closed' ? 'dimmed' : undefined}>
                  {dayText(d.text)}
                </Text>
              </Group>
            ))}
          </Stack>
        ) : (
          <Text c="dimmed">{t`No opening hours listed.`}</Text>
        )}
        {closures.length > 0 && (
          <Stack gap={2} mt="sm">
            <Text size="sm" fw={600}>
              {t`Closed on`}
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
            {t`Times are WAT. Public holidays close providers that are not open 24 hours.`}
          </Text>
        )}
        {reports && wasOpen >= 3 && <Text size="sm" mt="xs">{t`${reports.wasOpen.yes} of ${wasOpen} patients found it open`}</Text>}
        {care.stale && hours && (
          <Text size="sm" c="orange.8" mt="xs">
            {t`These hours are more than 12 months old and may have changed.`}
          </Text>
        )}
        <Confirmed at={care.sources.openingHours.confirmedAt} now={now} />
      </SectionCard>

      {withServices && care.services.length > 0 && (
        <SectionCard title={t`Services`} id="care-services-heading">
          <ServiceBadges services={care.services} />
          <Confirmed at={care.sources.services.confirmedAt} now={now} />
        </SectionCard>
      )}

      <SectionCard title={t`Health Plans`} id="plans-heading">
        {care.plans.length ? (
          <Stack gap={6} role="list" aria-label={t`Health plans accepted`}>
            {care.plans.map((p) => (
              <Group key={`${p.payer}:${p.plan ?? ''}`} gap="xs" role="listitem">
                <Text size="sm" fw={600}>
                  {t`Accepts ${payerName(p.payer)}`}
                </Text>
                {p.plan && (
                  <Text size="sm" c="dimmed">
                    {p.plan}
                  </Text>
                )}
                {p.primary && (
                  <Badge size="sm" variant="light" tt="none">
                    {t`Primary provider`}
                  </Badge>
                )}
              </Group>
            ))}
          </Stack>
        ) : (
          <Text c="dimmed">{t`No health plans listed.`}</Text>
        )}
        {reports?.planAccepted.map((a) => (
          <Text size="sm" mt="xs" key={a.payer}>
            {t`${a.count} patients confirm ${payerName(a.payer)} was accepted`}
          </Text>
        ))}
        <Confirmed at={care.sources.plans.confirmedAt} now={now} />
      </SectionCard>

      <SectionCard title={t`Fees`} id="fees-heading">
        {care.fees?.freeAtPointOfCare && (
          <Badge color="teal" variant="light" tt="none" size="lg" mb="xs">
            {t`Free at the point of care`}
          </Badge>
        )}
        {fees.length > 0 ? (
          <Stack gap={4}>
            {fees.map(([label, value]) => (
              <Group key={label} justify="space-between" wrap="nowrap">
                <Text size="sm">{feeLabel[label] ?? label}</Text>
                <Text size="sm" fw={600}>
                  {value}
                </Text>
              </Group>
            ))}
          </Stack>
        ) : (
          !care.fees?.freeAtPointOfCare && <Text c="dimmed">{t`No fees listed.`}</Text>
        )}
        {reports?.paid && <PatientsPaid {...reports.paid} />}
        <Confirmed at={care.sources.fees.confirmedAt} now={now} />
      </SectionCard>
    </>
  );
}
