import type { Processor } from './context';

/** Appointment notifications: filled by the appointments issue. */
export const notifyProcessor: Processor = async () => undefined;
