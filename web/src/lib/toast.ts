import { createElement, type ReactNode } from 'react';
import { notifications } from '@mantine/notifications';
import { ToastBody } from './ToastBody';

export type ToastVariant = 'default' | 'destructive';

export interface ToastOptions {
  title: string;
  description?: ReactNode;
  variant?: ToastVariant;
  /** An optional action button shown under the description. */
  action?: { label: string; onClick: () => void };
}

/** Spec §9: default display 5000 ms. */
export const TOAST_DURATION_MS = 5000;

let counter = 0;

/**
 * Show a toast (spec accounts §2 Notifications): title, description, optional action,
 * close button; variants default and destructive (red). Only one is visible at a time:
 * a new toast replaces the one on screen.
 */
export function toast({ title, description, variant = 'default', action }: ToastOptions): string {
  notifications.clean();
  const id = `toast-${++counter}`;
  const destructive = variant === 'destructive';
  notifications.show({
    id,
    title,
    message:
      action === undefined
        ? (description ?? '')
        : createElement(ToastBody, {
            description,
            actionLabel: action.label,
            destructive,
            onAction: () => {
              notifications.hide(id);
              action.onClick();
            },
          }),
    color: destructive ? 'red' : undefined,
    autoClose: TOAST_DURATION_MS,
    withCloseButton: true,
    role: destructive ? 'alert' : 'status',
  });
  return id;
}

/** Close one toast, or all of them. */
export function dismissToast(id?: string): void {
  if (id) notifications.hide(id);
  else notifications.clean();
}
