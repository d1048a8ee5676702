import { useState, type ReactNode } from 'react';
import { Alert, Box, Button, CircularProgress, Paper, Stack, Tab, Tabs, TextField, Typography } from '@mui/material';
import { aiApi, providerNames, type ProviderName } from '../../ai/api.ts';

type Result = { ok: boolean; text: string; provider?: ProviderName };

/** One test: its fields, a button, and the answer as text or JSON. */
function TestPanel({ children, action, run }: { children?: ReactNode; action: string; run: () => Promise<Result> }) {
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<Result | null>(null);
  const go = async () => {
    setBusy(true);
    setResult(await run());
    setBusy(false);
  };
  return (
    <Stack spacing={2}>
      {children}
      <Box>
        <Button variant="contained" onClick={go} disabled={busy} startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}>
          {action}
        </Button>
      </Box>
      {result && (
        <Paper variant="outlined" sx={{ p: 2, borderColor: result.ok ? 'success.main' : 'error.main' }} data-testid="gemini-test-result">
          <Typography component="pre" variant="body2" sx={{ m: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontFamily: result.text.startsWith('{') || result.text.startsWith('[') ? 'monospace' : 'inherit', color: result.ok ? 'text.primary' : 'error.main' }}>
            {result.text}
          </Typography>
          {result.provider && (
            <Typography variant="caption" color="text.secondary">
              Answered by {providerNames[result.provider]}
            </Typography>
          )}
        </Paper>
      )}
    </Stack>
  );
}

const sampleContact = { contactName: 'Jane Doe', contactTitle: 'Chief Financial Officer', bankName: 'First Community Bank' };

/** Settings › Gemini & AI: the connection check and the three AI test tools, with their sample inputs. */
export function GeminiTab() {
  const [tab, setTab] = useState(0);
  const [domain, setDomain] = useState('firstcommunitybank.com');
  const [subject, setSubject] = useState('Following up on our conversation');
  const [prompt, setPrompt] = useState('An introductory email to a bank CFO about our treasury management services, friendly and under 150 words.');
  return (
    <Box>
      <Alert severity="info" sx={{ mb: 2 }}>
        The AI key is configured on the backend (GEMINI_API_KEY). Without it, the built-in offline analyst answers from our own data.
      </Alert>
      <Tabs value={tab} onChange={(_, next: number) => setTab(next)} sx={{ mb: 2 }} variant="scrollable" allowScrollButtonsMobile>
        <Tab label="Connection" />
        <Tab label="Lead Finder" />
        <Tab label="Email Gen" />
        <Tab label="Template Gen" />
      </Tabs>
      {tab === 0 && (
        <TestPanel
          action="Test Connection"
          run={async () => {
            try {
              const answer = await aiApi.test();
              return { ok: answer.success, text: answer.message, provider: answer.provider };
            } catch (failure) {
              return { ok: false, text: `Error: ${(failure as Error).message}` };
            }
          }}
        />
      )}
      {tab === 1 && (
        <TestPanel
          action="Find Leads"
          run={async () => {
            try {
              const answer = await aiApi.findLeads(domain.trim());
              return answer.contacts.length ? { ok: true, text: JSON.stringify(answer.contacts, null, 2), provider: answer.provider } : { ok: false, text: 'No leads found or an error occurred.', provider: answer.provider };
            } catch {
              return { ok: false, text: 'No leads found or an error occurred.' };
            }
          }}
        >
          <TextField label="Test domain" size="small" value={domain} onChange={(event) => setDomain(event.target.value)} sx={{ maxWidth: 420 }} />
        </TestPanel>
      )}
      {tab === 2 && (
        <TestPanel
          action="Generate Email"
          run={async () => {
            try {
              const answer = await aiApi.generateEmail({ ...sampleContact, subject });
              return { ok: true, text: answer.body, provider: answer.provider };
            } catch (failure) {
              return { ok: false, text: `Error: ${(failure as Error).message}` };
            }
          }}
        >
          <TextField label="Subject" size="small" value={subject} onChange={(event) => setSubject(event.target.value)} sx={{ maxWidth: 520 }} />
          <Typography variant="body2" color="text.secondary">
            Sample contact: {sampleContact.contactName}, {sampleContact.contactTitle} at {sampleContact.bankName}.
          </Typography>
        </TestPanel>
      )}
      {tab === 3 && (
        <TestPanel
          action="Generate Template"
          run={async () => {
            try {
              const answer = await aiApi.generateTemplate(prompt);
              return answer.template ? { ok: true, text: JSON.stringify(answer.template, null, 2), provider: answer.provider } : { ok: false, text: 'Failed to generate template.', provider: answer.provider };
            } catch {
              return { ok: false, text: 'Failed to generate template.' };
            }
          }}
        >
          <TextField label="Prompt" multiline minRows={3} value={prompt} onChange={(event) => setPrompt(event.target.value)} />
        </TestPanel>
      )}
    </Box>
  );
}
