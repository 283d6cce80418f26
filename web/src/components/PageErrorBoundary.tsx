import { Component, type ReactNode } from 'react';
import { Alert, Button, Container } from '@mantine/core';
import { OFFLINE_PAGE_MESSAGE } from '../lib/offline';

interface State {
  failed: boolean;
  path: string;
}

/**
 * A page that could not be drawn: offline, most often its code was never loaded on this phone
 * (issue 35: the service worker keeps what was used, not every page). Instead of an empty
 * screen, it says so and offers to try again; another address starts afresh.
 */
export class PageErrorBoundary extends Component<{ children: ReactNode; path: string }, State> {
  state: State = { failed: false, path: this.props.path };

  static getDerivedStateFromError(): Partial<State> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: { path: string }, state: State): Partial<State> | null {
    return props.path !== state.path ? { failed: false, path: props.path } : null;
  }

  render() {
    if (!this.state.failed) return this.props.children;
    const offline = typeof navigator !== 'undefined' && !navigator.onLine;
    return (
      <Container size="sm" py="xl">
        <Alert color={offline ? 'orange' : 'red'} role="alert" title={offline ? 'You are offline' : 'Something went wrong'}>
          {offline ? OFFLINE_PAGE_MESSAGE : 'This page could not be shown.'}
          <Button size="xs" variant="light" mt="sm" display="block" onClick={() => window.location.reload()}>
            Try again
          </Button>
        </Alert>
      </Container>
    );
  }
}
