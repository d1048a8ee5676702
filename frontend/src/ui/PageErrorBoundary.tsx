import { Component, type ReactNode } from 'react';
import { Alert, Button, Stack } from '@mui/material';

type State = { error: Error | null };

type Props = {
  children: ReactNode;
  resetKey?: string;
  /** Where the message is shown: in place by default; a dialog's content passes its own frame (a dialog with Close). */
  frame?: (message: ReactNode) => ReactNode;
};

/** Keeps a crashing page (or a page or dialog whose code failed to load) inside the shell, with a way to retry. */
export class PageErrorBoundary extends Component<Props, State> {
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
    const message = this.message(this.state.error);
    return this.props.frame ? this.props.frame(message) : message;
  }

  private message(error: Error): ReactNode {
    const placement = { maxWidth: 640, mx: 'auto', mt: this.props.frame ? 0 : 6 };
    if (isStaleBuild(error)) {
      // After a new deploy the old page asks for code files that no longer exist: only a reload helps.
      return (
        <Stack spacing={2} sx={placement}>
          <Alert severity="info">A new version of Charterline is available. Reload the page to continue.</Alert>
          <Button variant="contained" onClick={() => window.location.reload()}>
            Reload
          </Button>
        </Stack>
      );
    }
    return (
      <Stack spacing={2} sx={placement}>
        <Alert severity="error">
          This page could not be shown: {error.message || 'an unexpected error occurred'}.
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
