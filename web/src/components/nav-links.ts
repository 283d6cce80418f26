import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { User } from '../features/auth/api/use-auth';
import { searchUrl } from '../features/search/search-params';

export interface NavItem {
  /** Shown through the page's i18n (issue 50): `i18n._(item.label)`. */
  label: MessageDescriptor;
  to: string;
}

export const findLinks: NavItem[] = [
  { label: msg`Find Professionals`, to: searchUrl() },
  { label: msg`Find Institutions`, to: searchUrl({ type: 'institutions' }) },
];

export function accountLinks(user: User): NavItem[] {
  const items: NavItem[] = [
    { label: msg`Profile`, to: '/profile-setup' },
    { label: msg`Appointments`, to: '/appointments' },
    // Issue 35: a patient's bookmarks.
    ...(user.userType === 'patient' ? [{ label: msg`Saved providers`, to: '/saved-providers' }] : []),
    { label: msg`Account settings`, to: '/account' },
  ];
  if (user.userType === 'admin') items.push({ label: msg`Admin Dashboard`, to: '/admin' });
  return items;
}
