import { useState, type FormEvent } from 'react';
import {
  ActionIcon,
  Alert,
  Button,
  Checkbox,
  Divider,
  Group,
  NativeSelect,
  NumberInput,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import {
  careFactsSchema,
  careServices,
  careWeekdayLabels,
  careWeekdays,
  type CareFactsAnswer,
  type CareFactsInput,
  type CareWeekday,
} from '@ilera/contracts';
import { formFailure } from '../../auth/api/server-errors';
import { zodFormErrors } from '../../profiles/components/form-validation';
import type { ProviderKind } from '../../profiles/api/types';
import { toast } from '../../../lib/toast';
import { usePayers } from '../api/get-payers';
import { useSaveCare } from '../api/save-care';
import { readinessFirst } from '../services-order';
import { Trans, useLingui } from '@lingui/react/macro';
import { dateIn } from '../../../i18n/dates';
import { useLocale } from '../../../i18n/use-locale';
import { weekdayMessages } from '../../dashboard/status-labels';

type Period = { opens: string; closes: string };
type HoursMode = 'none' | 'set' | '24h';
type Naira = number | string;

interface CareDraft {
  mode: HoursMode;
  week: Record<CareWeekday, Period[]>;
  closures: { from: string; to: string; reason: string }[];
  services: string[];
  plans: { payer: string; plan: string; primary: boolean }[];
  fees: { registrationNaira: Naira; consultationNaira: Naira; followUpNaira: Naira; freeAtPointOfCare: boolean };
}

/** Every quarter hour of a day: the only times the API takes (contracts' isQuarterTime). */
const quarterTimes = Array.from({ length: 96 }, (_, q) => `${String(Math.floor(q / 4)).padStart(2, '0')}:${String((q % 4) * 15).padStart(2, '0')}`);
const WORKDAY: Period = { opens: '08:00', closes: '17:00' };

function draftOf(care: CareFactsAnswer | null | undefined): CareDraft {
  const hours = care?.openingHours ?? null;
  const week = Object.fromEntries(
    careWeekdays.map((day) => {
      const periods = hours?.week.find((d) => d.day === day)?.periods;
      // A new timetable starts as a working week (Monday to Friday 08:00-17:00), to be corrected.
      return [day, periods ? periods.map((p) => ({ ...p })) : hours ? [] : ['sat', 'sun'].includes(day) ? [] : [{ ...WORKDAY }]];
    }),
  ) as Record<CareWeekday, Period[]>;
  const fee = (n: number | null | undefined): Naira => (n == null ? '' : n);
  return {
    mode: !hours ? 'none' : hours.open24Hours ? '24h' : 'set',
    week,
    closures: (hours?.closures ?? []).map((c) => ({ from: c.from, to: c.to, reason: c.reason ?? '' })),
    services: care?.services ?? [],
    plans: (care?.plans ?? []).map((p) => ({ payer: p.payer, plan: p.plan ?? '', primary: p.primary })),
    fees: {
      registrationNaira: fee(care?.fees?.registrationNaira),
      consultationNaira: fee(care?.fees?.consultationNaira),
      followUpNaira: fee(care?.fees?.followUpNaira),
      freeAtPointOfCare: care?.fees?.freeAtPointOfCare ?? false,
    },
  };
}

const nairaOf = (v: Naira): number | null => (v === '' || v === null || v === undefined ? null : Number(v));

/** The PUT body: every group, so saving confirms all of them as of now. */
function bodyOf(d: CareDraft, withServices: boolean): CareFactsInput {
  const fees = {
    registrationNaira: nairaOf(d.fees.registrationNaira),
    consultationNaira: nairaOf(d.fees.consultationNaira),
    followUpNaira: nairaOf(d.fees.followUpNaira),
    freeAtPointOfCare: d.fees.freeAtPointOfCare,
  };
  const noFees = fees.registrationNaira === null && fees.consultationNaira === null && fees.followUpNaira === null && !fees.freeAtPointOfCare;
  return {
    openingHours:
      d.mode === 'none'
        ? null
        : {
            open24Hours: d.mode === '24h',
            week: careWeekdays.map((day) => ({ day, periods: d.mode === '24h' ? [] : d.week[day] })),
            closures: d.closures.map((c) => ({ from: c.from, to: c.to, reason: c.reason.trim() || null })),
          },
    ...(withServices ? { services: d.services } : {}),
    plans: d.plans.map((p) => ({ payer: p.payer, plan: p.plan || null, primary: p.primary })),
    fees: noFees ? null : fees,
  };
}

/**
 * "Care facts" in profile setup (issue 45, D29): opening hours (periods on the quarter hour, past midnight
 * allowed, open 24 hours, closures), services, health plans and fees in naira. Saved apart from the profile
 * (PUT .../care): it never sends an approved profile back to review. Also the admin's editor for any provider.
 */
export function CareFactsForm({
  kind,
  id,
  care,
  servicesHere = kind === 'professional',
}: {
  kind: ProviderKind;
  id: number;
  care: CareFactsAnswer | null | undefined;
  /** Institutions choose their services in the profile form above (typed freely, spec §2). */
  servicesHere?: boolean;
}) {
  const [draft, setDraft] = useState(() => draftOf(care));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveCare(kind, id);
  const payers = usePayers();
  const { t } = useLingui();
  const locale = useLocale();
  const change = (patch: Partial<CareDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const shown = new Set<string>();
  const err = (path: string) => {
    shown.add(path);
    return errors[path];
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = bodyOf(draft, servicesHere);
    const invalid = zodFormErrors(careFactsSchema, body);
    setErrors(invalid);
    if (Object.keys(invalid).length) return;
    save.mutate(body, {
      onSuccess: () => toast({ title: t`Care Facts Saved`, description: t`Your care facts are saved and confirmed as of today.` }),
      onError: formFailure({ setErrors }, t`Error`, t`Failed to save care facts. Please try again.`),
    });
  };

  const setPeriod = (day: CareWeekday, j: number, patch: Partial<Period>) =>
    change({ week: { ...draft.week, [day]: draft.week[day].map((p, k) => (k === j ? { ...p, ...patch } : p)) } });
  const setFee = (key: keyof CareDraft['fees'], value: Naira | boolean) => change({ fees: { ...draft.fees, [key]: value } });

  // The profile shows each group's date (and age); here, when the owner last confirmed any of them.
  const confirmed = care?.confirmedAt ? t`Last confirmed on ${dateIn(locale, care.confirmedAt)}` : null;
  const fields = (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={2} size="h3" id="care-facts-heading">
          <Trans>Care Facts</Trans>
        </Title>
        <Text size="sm" c="dimmed">
          <Trans>
            What patients need before they travel: when you are open, the health plans you take and what a visit costs. Saving confirms
            them as of today; it does not send your profile back to review.
          </Trans>
        </Text>
        {confirmed && <Text size="sm">{confirmed}</Text>}
      </Stack>

      <Divider label={t`Opening hours (WAT)`} labelPosition="left" />
      <SegmentedControl
        aria-label={t`Opening hours`}
        value={draft.mode}
        onChange={(v) => change({ mode: v as HoursMode })}
        data={[
          { value: 'none', label: t`Not listed` },
          { value: 'set', label: t`Set hours` },
          { value: '24h', label: t`Open 24 hours` },
        ]}
      />
      {draft.mode === 'set' && (
        <Stack gap="xs">
          <Text size="xs" c="dimmed">
            <Trans>A period that closes at or before it opens ends the next morning (22:00–06:00). Leave a day without hours for closed.</Trans>
          </Text>
          {careWeekdays.map((day, i) => {
            const english = careWeekdayLabels[day];
            const label = weekdayMessages[english] ? t(weekdayMessages[english]) : english;
            return (
              <Group key={day} align="flex-start" gap="sm" wrap="wrap">
                <Text w={96} fw={600} size="sm" mt={6}>
                  {label}
                </Text>
                <Stack gap={6} style={{ flex: 1 }}>
                  {draft.week[day].length === 0 && (
                    <Text size="sm" c="dimmed" mt={6}>
                      <Trans>Closed</Trans>
                    </Text>
                  )}
                  {draft.week[day].map((p, j) => {
                    const n = j === 0 ? '' : ` (${j + 1})`;
                    const at = `openingHours.week.${i}.periods.${j}`;
                    return (
                      <Group key={j} gap="xs" align="flex-start" wrap="nowrap">
                        <NativeSelect
                          aria-label={t`${label} opens${n}`}
                          data={quarterTimes}
                          value={p.opens}
                          error={err(`${at}.opens`)}
                          onChange={(e) => setPeriod(day, j, { opens: e.currentTarget.value })}
                        />
                        <Text mt={6}>–</Text>
                        <NativeSelect
                          aria-label={t`${label} closes${n}`}
                          data={quarterTimes}
                          value={p.closes}
                          error={err(`${at}.closes`) ?? err(at)}
                          onChange={(e) => setPeriod(day, j, { closes: e.currentTarget.value })}
                        />
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          mt={4}
                          aria-label={t`Remove ${label} hours${n}`}
                          onClick={() => change({ week: { ...draft.week, [day]: draft.week[day].filter((_, k) => k !== j) } })}
                        >
                          <IconTrash size={16} />
                        </ActionIcon>
                      </Group>
                    );
                  })}
                  {err(`openingHours.week.${i}.periods`) && (
                    <Text size="xs" c="red">
                      {errors[`openingHours.week.${i}.periods`]}
                    </Text>
                  )}
                </Stack>
                <Button
                  variant="subtle"
                  size="xs"
                  mt={4}
                  leftSection={<IconPlus size={14} />}
                  aria-label={t`Add ${label} hours`}
                  disabled={draft.week[day].length >= 4}
                  onClick={() => change({ week: { ...draft.week, [day]: [...draft.week[day], { ...WORKDAY }] } })}
                >
                  <Trans>Add hours</Trans>
                </Button>
              </Group>
            );
          })}
        </Stack>
      )}
      {draft.mode !== 'none' && (
        <Stack gap="xs">
          <Text fw={600} size="sm">
            <Trans>Closures</Trans>
          </Text>
          <Text size="xs" c="dimmed">
            <Trans>Days you are closed all day (repairs, a retreat). Public holidays close you unless you are open 24 hours.</Trans>
          </Text>
          {draft.closures.map((c, j) => {
            const at = `openingHours.closures.${j}`;
            const set = (patch: Partial<typeof c>) => change({ closures: draft.closures.map((x, k) => (k === j ? { ...x, ...patch } : x)) });
            return (
              <Group key={j} gap="xs" align="flex-start" wrap="wrap">
                <TextInput type="date" label={t`Closed from`} value={c.from} error={err(`${at}.from`)} onChange={(e) => set({ from: e.currentTarget.value })} />
                <TextInput type="date" label={t`Closed until`} value={c.to} error={err(`${at}.to`) ?? err(at)} onChange={(e) => set({ to: e.currentTarget.value })} />
                <TextInput label={t`Reason`} placeholder={t`e.g. Renovation`} value={c.reason} error={err(`${at}.reason`)} onChange={(e) => set({ reason: e.currentTarget.value })} />
                <ActionIcon variant="subtle" color="red" mt={28} aria-label={t`Remove closure ${j + 1}`} onClick={() => change({ closures: draft.closures.filter((_, k) => k !== j) })}>
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
            );
          })}
          <div>
            <Button variant="light" size="xs" leftSection={<IconPlus size={14} />} onClick={() => change({ closures: [...draft.closures, { from: '', to: '', reason: '' }] })}>
              <Trans>Add closure</Trans>
            </Button>
          </div>
        </Stack>
      )}

      {servicesHere && (
        <>
          <Divider label={t`Services`} labelPosition="left" />
          <Checkbox.Group value={draft.services} onChange={(services) => change({ services })} error={err('services')} aria-label={t`Services`}>
            <SimpleGrid cols={{ base: 1, xs: 2, sm: 3 }} spacing={6}>
              {readinessFirst(careServices).map((s) => (
                <Checkbox key={s} value={s} label={s} />
              ))}
            </SimpleGrid>
          </Checkbox.Group>
        </>
      )}

      <Divider label={t`Health plans accepted`} labelPosition="left" />
      {draft.plans.map((p, j) => {
        const payer = payers.data?.find((x) => x.slug === p.payer);
        const planNames = payer?.plans.map((x) => x.name) ?? [];
        const set = (patch: Partial<typeof p>) => change({ plans: draft.plans.map((x, k) => (k === j ? { ...x, ...patch } : x)) });
        return (
          <Group key={j} gap="xs" align="flex-start" wrap="wrap">
            <NativeSelect
              label={t`Health plan`}
              value={p.payer}
              error={err(`plans.${j}.payer`) ?? err(`plans.${j}`)}
              onChange={(e) => set({ payer: e.currentTarget.value, plan: '' })}
              data={[
                { value: '', label: t`Choose a health plan` },
                ...(payers.data ?? []).map((x) => ({ value: x.slug, label: x.name })),
                ...(p.payer && !payer ? [{ value: p.payer, label: p.payer }] : []),
              ]}
            />
            <NativeSelect
              label={t`Plan or tier`}
              value={p.plan}
              error={err(`plans.${j}.plan`)}
              onChange={(e) => set({ plan: e.currentTarget.value })}
              data={[{ value: '', label: t`All plans` }, ...planNames, ...(p.plan && !planNames.includes(p.plan) ? [p.plan] : [])]}
            />
            <Checkbox mt={32} label={t`Primary provider`} checked={p.primary} onChange={(e) => set({ primary: e.currentTarget.checked })} />
            <ActionIcon variant="subtle" color="red" mt={28} aria-label={t`Remove health plan ${j + 1}`} onClick={() => change({ plans: draft.plans.filter((_, k) => k !== j) })}>
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        );
      })}
      <div>
        <Button variant="light" size="xs" leftSection={<IconPlus size={14} />} onClick={() => change({ plans: [...draft.plans, { payer: '', plan: '', primary: false }] })}>
          <Trans>Add health plan</Trans>
        </Button>
      </div>

      <Divider label={t`Fees (₦)`} labelPosition="left" />
      <Checkbox
        label={t`Free at the point of care`}
        checked={draft.fees.freeAtPointOfCare}
        error={err('fees.freeAtPointOfCare')}
        onChange={(e) => setFee('freeAtPointOfCare', e.currentTarget.checked)}
      />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {(
          [
            ['registrationNaira', t`Registration / card fee (₦)`],
            ['consultationNaira', t`Consultation fee (₦)`],
            ['followUpNaira', t`Follow-up fee (₦)`],
          ] as const
        ).map(([key, label]) => (
          <NumberInput
            key={key}
            label={label}
            min={0}
            allowDecimal={false}
            allowNegative={false}
            thousandSeparator=","
            value={draft.fees[key]}
            error={err(`fees.${key}`)}
            onChange={(v) => setFee(key, v)}
          />
        ))}
      </SimpleGrid>
    </Stack>
  );
  const other = Object.entries(errors).filter(([k]) => !shown.has(k));
  return (
    <form onSubmit={submit} noValidate aria-labelledby="care-facts-heading">
      {fields}
      {other.length > 0 && (
        <Alert color="red" mt="md" role="alert" title={t`Please check the care facts`}>
          {other.map(([k, message]) => (
            <Text size="sm" key={k}>
              {message}
            </Text>
          ))}
        </Alert>
      )}
      <Group justify="flex-end" mt="md">
        <Button type="submit" loading={save.isPending}>
          <Trans>Save Care Facts</Trans>
        </Button>
      </Group>
    </form>
  );
}
