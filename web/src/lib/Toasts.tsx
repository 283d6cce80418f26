import { Notifications } from '@mantine/notifications';
import { TOAST_DURATION_MS } from './toast';

/**
 * Where toasts show (spec: one at a time, 5000 ms). Its own chunk, loaded with the first
 * toast (app/providers.tsx): Mantine's Notifications brings transitions, a portal and
 * scroll locking that no page needs before then (issue 35).
 */
export default function Toasts() {
  return <Notifications limit={1} autoClose={TOAST_DURATION_MS} position="top-right" zIndex={1000} />;
}
