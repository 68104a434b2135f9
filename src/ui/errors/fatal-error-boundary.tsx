import { Component, type ErrorInfo, type ReactNode } from 'react';
import { FatalErrorView } from './fatal-error-view';

interface State {
  error: unknown;
  failed: boolean;
}

/** The last line: any error no route handled replaces the app with the fatal error view. */
export class FatalErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null, failed: false };

  static getDerivedStateFromError(error: unknown): State {
    return { error, failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('[tourdesk] unhandled error', error, info.componentStack);
  }

  override render() {
    return this.state.failed ? <FatalErrorView error={this.state.error} /> : this.props.children;
  }
}
