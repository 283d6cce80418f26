import type { Processor } from './context';

/** Appointment reminders: filled by the appointments issue. */
export const reminderProcessor: Processor = async () => undefined;
