// A visitor's "My plan" (issue 45): a payer's slug kept in a cookie on this device, which preselects the
// search's plan filter. The page's loader reads it too (src/main.tsx), so this file imports nothing.

const MY_PLAN_COOKIE = 'ilera-my-plan';

/** The visitor's plan, or null. */
export function readMyPlanCookie(cookie: string = document.cookie): string | null {
  return new RegExp(`(?:^|;\\s*)${MY_PLAN_COOKIE}=([a-z0-9-]{1,60})(?:;|$)`).exec(cookie)?.[1] ?? null;
}

/** Remembered for a year; null forgets it. */
export function writeMyPlanCookie(slug: string | null): void {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = slug
    ? `${MY_PLAN_COOKIE}=${slug}; Path=/; Max-Age=31536000; SameSite=Lax${secure}`
    : `${MY_PLAN_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax${secure}`;
}

/**
 * A search address that says nothing of a plan, with the visitor's plan added (or null when there is
 * nothing to add): `plan=any` in an address is the patient's own "no plan" and stays.
 */
export function withMyPlan(search: string, plan: string | null): string | null {
  const params = new URLSearchParams(search);
  if (!plan || params.has('plan')) return null;
  params.set('plan', plan);
  return params.toString();
}
