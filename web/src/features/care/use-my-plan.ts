import { useEffect, useState } from 'react';
import { useAuth } from '../auth/api/use-auth';
import { useAccount } from '../account/api/get-account';
import { readMyPlanCookie, writeMyPlanCookie } from './my-plan-cookie';

/**
 * "My plan" (issue 45): a signed-in patient's is in Account settings (`myPlan`), a visitor's in a cookie on
 * this device. Undefined until known (the cookie is read after the first render, which must match the
 * server's; the account after its answer).
 */
export function useMyPlan(): { plan: string | null | undefined; signedIn: boolean; remember: (slug: string | null) => void } {
  const { isAuthenticated, isLoading } = useAuth();
  const account = useAccount(isAuthenticated);
  const [cookie, setCookie] = useState<string | null | undefined>(undefined);
  useEffect(() => setCookie(readMyPlanCookie()), []);
  const remember = (slug: string | null) => {
    writeMyPlanCookie(slug);
    setCookie(slug);
  };
  if (isLoading) return { plan: undefined, signedIn: false, remember };
  if (isAuthenticated) return { plan: account.data ? account.data.myPlan : undefined, signedIn: true, remember };
  return { plan: cookie, signedIn: false, remember };
}
