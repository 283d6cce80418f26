import type { UseFormReturnType } from '@mantine/form';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { toast } from '../../../lib/toast';
import { useRegister, type AccountType, type RegisterBodies } from '../api/register';
import { formFailure } from '../api/server-errors';
import { signInPath } from '../api/return-path';

const SUCCESS_TEXT: Record<AccountType, string> = {
  patient: 'You can now sign in to your account',
  professional: 'Your application has been submitted for approval',
  institution: 'Your application has been submitted for approval',
};

/** Sends a registration; spec §8 toasts; on success the user goes to /login, which comes back to `next` (issue 34). */
export function useRegistrationSubmit<K extends AccountType, V>(
  kind: K,
  form: UseFormReturnType<V>,
  toBody: (values: V) => RegisterBodies[K],
) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const mutation = useRegister(kind);
  const onSubmit = form.onSubmit(
    (values) =>
      mutation.mutate(toBody(values), {
        onSuccess: () => {
          toast({ title: 'Registration Successful', description: SUCCESS_TEXT[kind] });
          navigate(signInPath(params.get('next') ?? '/'));
        },
        onError: formFailure(form, 'Registration Failed', 'An error occurred during registration', null),
      }),
    // Bring the first bad field into view (long forms on phones).
    (errors) => {
      const first = Object.keys(errors)[0];
      if (first) form.getInputNode(first)?.focus();
    },
  );
  return { onSubmit, isPending: mutation.isPending };
}
