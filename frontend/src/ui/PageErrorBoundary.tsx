import { Component, type ReactNode } from 'react';
import { Alert, Button, Stack } from '@mui/material';
import { connectionLost, serverAnswers } from '../providers/connection.ts';
import { retryFailedLoads } from './retryingLazy.tsx';

/**
 * Why a screen's code did not load: a new build replaced it (only a reload helps), or the server
 * could not be reached (it loads once the connection is back); `checking` while the server is asked.
 */
type CodeFailure = 'checking' | 'new-build' | 'unreachable';
type State = { error: Error | null; codeFailure: CodeFailure | null };

type Props = {
  children: ReactNode;
  /** A new value tries the page again (another page opened, or the connection came back). */
  resetKey?: string;
  /** Where the message is shown: in place by default; a dialog's content passes its own frame (a dialog with Close). */
  frame?: (message: ReactNode) => ReactNode;
};

/** Keeps a crashing page (or a page or dialog whose code failed to load) inside the shell, with a way to retry. */
export class PageErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, codeFailure: null };

  static getDerivedStateFromError(error: Error): State {
    return { error, codeFailure: isCodeLoadFailure(error) ? 'checking' : null };
  }

  override componentDidUpdate(previous: { resetKey?: string }) {
    if (this.state.error && previous.resetKey !== this.props.resetKey) this.tryAgain();
  }

  private tryAgain() {
    retryFailedLoads();
    this.setState({ error: null, codeFailure: null });
  }

  override componentDidCatch(error: Error) {
    console.error('A page failed to render', error);
    if (!isCodeLoadFailure(error)) return;
    void serverAnswers().then((answers) => {
      if (!answers) connectionLost();
      if (this.state.error === error) this.setState({ codeFailure: answers ? 'new-build' : 'unreachable' });
    });
  }

  override render() {
    if (!this.state.error) return this.props.children;
    const message = this.message(this.state.error);
    return this.props.frame ? this.props.frame(message) : message;
  }

  private message(error: Error): ReactNode {
    const placement = { maxWidth: 640, mx: 'auto', mt: this.props.frame ? 0 : 6 };
    if (this.state.codeFailure === 'checking') return null;
    if (this.state.codeFailure === 'unreachable') {
      return (
        <Stack spacing={2} sx={placement}>
          <Alert severity="warning">This screen could not be loaded because the server cannot be reached. It opens by itself once the connection is back.</Alert>
          <Button variant="outlined" onClick={() => this.tryAgain()}>
            Try again
          </Button>
        </Stack>
      );
    }
    if (this.state.codeFailure === 'new-build') {
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
        <Button variant="outlined" onClick={() => this.tryAgain()}>
          Try again
        </Button>
      </Stack>
    );
  }
}

/** A code-split chunk that failed to load: the build changed under the open page, or the server could not be reached. */
function isCodeLoadFailure(error: Error): boolean {
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported module/i.test(error.message);
}
