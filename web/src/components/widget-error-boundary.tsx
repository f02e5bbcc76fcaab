import { Component, type ReactNode } from 'react';

interface Props {
  /** What to show instead of a widget that failed to draw. */
  fallback: ReactNode;
  children: ReactNode;
}

/** One widget that fails to draw shows its own error; the page and the other widgets carry on. */
export class WidgetErrorBoundary extends Component<Props, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
