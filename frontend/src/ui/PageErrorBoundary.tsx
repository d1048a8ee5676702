import { Component, type ReactNode } from 'react';
import { Alert, Button, Stack } from '@mui/material';

type State = { error: Error | null };

/** Keeps a crashing page (or a page whose code failed to load) inside the shell, with a way to retry. */
export class PageErrorBoundary extends Component<{ children: ReactNode; resetKey?: string }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidUpdate(previous: { resetKey?: string }) {
    if (this.state.error && previous.resetKey !== this.props.resetKey) this.setState({ error: null });
  }

  override componentDidCatch(error: Error) {
    console.error('A page failed to render', error);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    if (isStaleBuild(this.state.error)) {
      // After a new deploy the old page asks for code files that no longer exist: only a reload helps.
      return (
        <Stack spacing={2} sx={{ maxWidth: 640, mx: 'auto', mt: 6 }}>
          <Alert severity="info">A new version of Charterline is available. Reload the page to continue.</Alert>
          <Button variant="contained" onClick={() => window.location.reload()}>
            Reload
          </Button>
        </Stack>
      );
    }
    return (
      <Stack spacing={2} sx={{ maxWidth: 640, mx: 'auto', mt: 6 }}>
        <Alert severity="error">
          This page could not be shown: {this.state.error.message || 'an unexpected error occurred'}.
        </Alert>
        <Button variant="outlined" onClick={() => this.setState({ error: null })}>
          Try again
        </Button>
      </Stack>
    );
  }
}

/** A code-split chunk that failed to load: the build changed under the open page. */
function isStaleBuild(error: Error): boolean {
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported module/i.test(error.message);
}
