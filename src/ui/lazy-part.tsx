import { Component, Suspense, type ReactNode } from 'react';

/**
 * A part of a screen whose code loads when it is shown (React.lazy): nothing while it loads, and nothing if its
 * file cannot come (offline before the service worker has it, a release that replaced the files). The screen
 * around it stays as it is, instead of the route's error page taking its place for a part the member did not ask for.
 */
export function LazyPart({ children }: { children: ReactNode }) {
  return (
    <Unloaded>
      <Suspense fallback={null}>{children}</Suspense>
    </Unloaded>
  );
}

class Unloaded extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    return this.state.failed ? null : this.props.children;
  }
}
