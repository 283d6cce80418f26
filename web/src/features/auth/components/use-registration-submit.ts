import type { UseFormReturnType } from '@mantine/form';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useRegister, type AccountType, type RegisterBodies } from '../api/register';
import { serverFieldErrors } from '../api/server-errors';
import { signInPath } from '../api/return-path';
import { saidErrors } from '../../../i18n/said';
import { useRegisterSaid } from '../register-said';

const SUCCESS_TEXT = {
  patient: msg`You can now sign in to your account`,
  professional: msg`Your application has been submitted for approval`,
  institution: msg`Your application has been submitted for approval`,
};

/**
 * Sends a registration; spec §8 toasts; on success the user goes to /login, which comes back to `next` (issue 34).
 * Issue 50: the toasts and the server's messages (under the fields and in the toast) in the page's language.
 */
export function useRegistrationSubmit<K extends AccountType, V>(
  kind: K,
  form: UseFormReturnType<V>,
  toBody: (values: V) => RegisterBodies[K],
) {
  const { t, i18n } = useLingui();
  const said = useRegisterSaid();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const mutation = useRegister(kind);
  const onSubmit = form.onSubmit(
    (values) =>
      mutation.mutate(toBody(values), {
        onSuccess: () => {
          toast({ title: t`Registration Successful`, description: i18n._(SUCCESS_TEXT[kind]) });
          navigate(signInPath(params.get('next') ?? '/'));
        },
        // Spec §8: the server's field messages under the fields, and a toast saying what failed.
        onError: (error) => {
          const fields = serverFieldErrors(error);
          if (fields) form.setErrors(saidErrors(said, fields));
          toast({ title: t`Registration Failed`, description: said(errorMessage(error, 'An error occurred during registration')), variant: 'destructive' });
        },
      }),
    // Bring the first bad field into view (long forms on phones).
    (errors) => {
      const first = Object.keys(errors)[0];
      if (first) form.getInputNode(first)?.focus();
    },
  );
  return { onSubmit, isPending: mutation.isPending };
}
