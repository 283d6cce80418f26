import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react';

/**
 * Issue 50: what the API and contracts' schemas say (a field's message, a refusal) is English, the spec's words,
 * and stays so for the API. A form shows a message it knows in the page's language (`known`: the English message ->
 * its words in the form's catalog); English, and a message it does not know, as said.
 */
export function useSaid(known: ReadonlyMap<string, MessageDescriptor>): (message: string) => string {
  const { i18n } = useLingui();
  return (message) => {
    const words = i18n.locale === 'en' ? undefined : known.get(message);
    return words ? i18n._(words) : message;
  };
}

/** Every message of a set of field errors (a form's, or the API's `fields`), in the page's language. */
export function saidErrors<E extends Record<string, unknown>>(said: (message: string) => string | undefined, errors: E): E {
  return Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, typeof v === 'string' ? (said(v) ?? v) : v])) as E;
}
