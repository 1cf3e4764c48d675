import { Alert, Button } from '@mantine/core';
import { Component, type ErrorInfo, type ReactNode } from 'react';

interface Props {
  title: string;
  retryLabel: string;
  children: ReactNode;
}

/** Keeps the layout alive when a screen throws (for example a chunk that vanished after a deploy). */
export class ErrorBoundary extends Component<Props, { error: Error | null }> {
  override state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <Alert color="red" title={this.props.title} role="alert">
        {this.state.error.message}
        <div>
          <Button mt="sm" size="xs" variant="light" color="red" onClick={() => window.location.reload()}>
            {this.props.retryLabel}
          </Button>
        </div>
      </Alert>
    );
  }
}
