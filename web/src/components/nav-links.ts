import type { User } from '../features/auth/api/use-auth';
import { searchUrl } from '../features/search/search-params';

export interface NavItem {
  label: string;
  to: string;
}

export const findLinks: NavItem[] = [
  { label: 'Find Professionals', to: searchUrl() },
  { label: 'Find Institutions', to: searchUrl({ type: 'institutions' }) },
];

export function accountLinks(user: User): NavItem[] {
  const items: NavItem[] = [
    { label: 'Profile', to: '/profile-setup' },
    { label: 'Appointments', to: '/appointments' },
    // Issue 35: a patient's bookmarks.
    ...(user.userType === 'patient' ? [{ label: 'Saved providers', to: '/saved-providers' }] : []),
    { label: 'Account settings', to: '/account' },
  ];
  if (user.userType === 'admin') items.push({ label: 'Admin Dashboard', to: '/admin' });
  return items;
}
