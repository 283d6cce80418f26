import { Checkbox, Group, NativeSelect, Pill, Stack, Text } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { careServices, consultationLanguages, formatNaira } from '@ilera/contracts';
import type { SearchState } from '../../search/search-state';
import { ANY_PLAN, planOf } from '../../search/plan-filter';
import { usePayers } from '../api/get-payers';
import { readinessFirst } from '../services-order';
import { useMyPlan } from '../use-my-plan';
import { WithSearchLaterMessages } from '../../search/later-messages';
import { useNames } from '../../../i18n/names';

/** The caps a patient picks from (naira): a select, not a number field, which would weigh more on a phone. */
const FEE_CAPS = [2000, 5000, 10000, 20000, 50000];

/**
 * Issue 45's filters: open now, open 24 hours, a health plan (its primary providers only, and for a
 * visitor "My plan" on this phone), care services (all of those chosen) and a highest consultation fee.
 * Loaded when the filters open (FiltersPanel): a search page's first load stays within its budget.
 */
export default function CareFilters(props: { state: SearchState; onChange: (patch: Partial<SearchState>) => void }) {
  // Issue 50: its texts come with it (search-later.po), not with the search page.
  return (
    <WithSearchLaterMessages>
      <CareFilterFields {...props} />
    </WithSearchLaterMessages>
  );
}

function CareFilterFields({ state, onChange }: { state: SearchState; onChange: (patch: Partial<SearchState>) => void }) {
  const { t } = useLingui();
  // Issue 50: the services' and languages' names in the page's language (the names table, fetched with these filters).
  const names = useNames();
  const payers = usePayers();
  const my = useMyPlan();
  const plan = planOf(state) ?? '';
  const chosen = state.services ?? [];
  const fees = state.maxFee !== undefined && !FEE_CAPS.includes(state.maxFee) ? [...FEE_CAPS, state.maxFee].sort((a, b) => a - b) : FEE_CAPS;
  return (
    <Stack gap="sm">
      <Checkbox label={t`Open now`} checked={state.openNow === true} onChange={(e) => onChange({ openNow: e.currentTarget.checked || undefined })} />
      <Checkbox label={t`Open 24 hours`} checked={state.open24h === true} onChange={(e) => onChange({ open24h: e.currentTarget.checked || undefined })} />
      <NativeSelect
        label={t`Health plan`}
        value={plan}
        onChange={(e) => {
          const slug = e.currentTarget.value;
          // With "My plan" set, no plan must say so in the address, or My plan would come back.
          onChange({ plan: slug || (my.plan ? ANY_PLAN : undefined), primary: slug ? state.primary : undefined });
        }}
        data={[
          { value: '', label: t`Any health plan` },
          ...(payers.data ?? []).map((p) => ({ value: p.slug, label: p.name })),
          ...(plan && !payers.data?.some((p) => p.slug === plan) ? [{ value: plan, label: plan.toUpperCase() }] : []),
        ]}
      />
      {plan && (
        <Checkbox
          label={t`Primary provider for this plan`}
          checked={state.primary === true}
          onChange={(e) => onChange({ primary: e.currentTarget.checked || undefined })}
        />
      )}
      {plan && !my.signedIn && (
        <Checkbox label={t`Use as my plan on this phone`} checked={my.plan === plan} onChange={(e) => my.remember(e.currentTarget.checked ? plan : null)} />
      )}
      <NativeSelect
        label={t`Care service`}
        value=""
        onChange={(e) => e.currentTarget.value && onChange({ services: [...chosen, e.currentTarget.value] })}
        data={[{ value: '', label: chosen.length ? t`Add another service` : t`Any service` }, ...readinessFirst(careServices).filter((s) => !chosen.includes(s)).map((s) => ({ value: s, label: names(s) }))]}
      />
      {chosen.length > 0 && (
        <Group gap={6} aria-label={t`Services chosen`}>
          {chosen.map((value) => {
            const rest = chosen.filter((x) => x !== value);
            const s = names(value);
            return (
              <Pill
                key={value}
                withRemoveButton
                onRemove={() => onChange({ services: rest.length ? rest : undefined })}
                removeButtonProps={{ 'aria-label': t`Remove ${s}`, 'aria-hidden': false, tabIndex: 0 }}
              >
                {s}
              </Pill>
            );
          })}
        </Group>
      )}
      <NativeSelect
        label={t`Consultation fee`}
        value={state.maxFee === undefined ? '' : String(state.maxFee)}
        onChange={(e) => onChange({ maxFee: e.currentTarget.value === '' ? undefined : Number(e.currentTarget.value) })}
        data={[{ value: '', label: t`Any fee` }, ...fees.map((n) => {
          const fee = formatNaira(n);
          return { value: String(n), label: t`Up to ${fee}` };
        })]}
      />
      {state.type === 'professionals' && (
        // Issue 50: professionals who consult in this language.
        <NativeSelect
          label={t`Speaks`}
          value={state.language ?? ''}
          onChange={(e) => onChange({ language: e.currentTarget.value || undefined })}
          data={[{ value: '', label: t`Any language` }, ...consultationLanguages.map(([value, label]) => ({ value, label: names(label) }))]}
        />
      )}
      {my.signedIn && my.plan && plan !== my.plan && (
        <Text size="xs" c="dimmed">
          {t`Your plan in Account settings is chosen for new searches.`}
        </Text>
      )}
    </Stack>
  );
}
