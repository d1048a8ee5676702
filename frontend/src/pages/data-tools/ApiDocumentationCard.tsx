import { useState } from 'react';
import { Box, Button, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import ApiIcon from '@mui/icons-material/IntegrationInstructionsOutlined';
import { Modal } from '../../ui/Modal.tsx';
import { SectionCard } from '../../ui/SectionCard.tsx';

const bankFields: Array<[string, string]> = [
  ['id', 'Same as cert.'],
  ['cert', 'FDIC certificate number.'],
  ['name', 'Institution name.'],
  ['city, state, zip, address', 'Main office location.'],
  ['website', 'Web address, when known.'],
  ['assets, deposits', 'Total assets and deposits, in full dollars.'],
  ['officeCount', 'Number of offices.'],
  ['regulator', 'Primary federal regulator (FDIC, FRS, OCC).'],
  ['roa', 'Return on assets, percent.'],
  ['nplRatio', 'Noncurrent loans to loans, percent.'],
  ['netInterestMargin', 'Net interest margin, percent.'],
];

function Code({ children }: { children: string }) {
  return (
    <Box component="pre" sx={{ bgcolor: 'action.hover', p: 1.5, borderRadius: 1.5, overflowX: 'auto', fontSize: 13, my: 1 }}>
      {children}
    </Box>
  );
}

/** The public API documentation: your target banks, keyed by an API key from Settings. */
export function ApiDocumentationCard() {
  const [open, setOpen] = useState(false);
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  return (
    <SectionCard title="API Documentation" subtitle="Read your target banks from other tools." testId="api-documentation">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        A read-only REST API over your target banks, authenticated with an API key you create in Settings under API Access.
      </Typography>
      <Button variant="outlined" startIcon={<ApiIcon />} onClick={() => setOpen(true)}>
        View API Documentation
      </Button>
      <Modal open={open} onClose={() => setOpen(false)} title="Public API" footer={<Button onClick={() => setOpen(false)}>Close</Button>}>
        <Typography variant="subtitle2" sx={{ fontWeight: 700 }}>
          Authentication
        </Typography>
        <Typography variant="body2">
          Send your API key in the X-API-Key header. Create keys in Settings, API Access; a key is shown once, when created. The API only returns your own target banks. Call it from your own
          server or script: browsers do not let pages of other sites call it (no CORS), and a key in a web page would be anyone&apos;s.
        </Typography>
        {/* the address quoted: unquoted, a shell runs the command in the background at its '&' (and zsh stops at the '?') */}
        <Code>{`curl -H "X-API-Key: YOUR_KEY" '${origin}/api/public/banks?page=1&limit=25'`}</Code>
        <Typography variant="subtitle2" sx={{ fontWeight: 700, mt: 2 }}>
          GET /api/public/banks
        </Typography>
        <Typography variant="body2">
          Lists your target banks, the newest target first. Query parameters: <b>page</b> (default 1) and <b>limit</b> (default 25, at most 100). Answers{' '}
          <Box component="code">{'{ "data": [bank, ...], "meta": { "page", "limit", "total", "next" } }'}</Box>, total being all your targets; a page past the last has no banks. To
          read every bank, send <b>after</b> with the previous page&apos;s next instead of page, until next is null: no bank is missed or read twice while targets are added or
          removed meanwhile.
        </Typography>
        <Typography variant="subtitle2" sx={{ fontWeight: 700, mt: 2 }}>
          GET /api/public/banks/{'{cert}'}
        </Typography>
        <Typography variant="body2">
          One of your target banks by its FDIC certificate number, as <Box component="code">{'{ "data": bank }'}</Box>; 404 when it is not one of your targets.
        </Typography>
        <Typography variant="subtitle2" sx={{ fontWeight: 700, mt: 2 }}>
          Bank object
        </Typography>
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>Field</TableCell>
              <TableCell>Meaning</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {bankFields.map(([field, meaning]) => (
              <TableRow key={field}>
                <TableCell sx={{ fontFamily: 'monospace' }}>{field}</TableCell>
                <TableCell>{meaning}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          Currency amounts are in full dollars; ratios are percentages.
        </Typography>
        <Typography variant="subtitle2" sx={{ fontWeight: 700, mt: 2 }}>
          Errors
        </Typography>
        <Typography variant="body2" data-testid="api-documentation-errors">
          A failed request answers JSON with a <b>message</b>: 400 for a page or limit out of range or a cert that is not a whole number, 401 when the X-API-Key header is missing or the
          key is unknown or deleted, 404 for a bank that is not one of your targets, 405 for a method other than GET, and 429 when one key sends too many requests in a minute or your
          address sends too many unknown keys (wait the seconds in the Retry-After header). A query parameter sent empty counts as not sent. The OpenAPI description of the API is at
          /api/public/openapi.json.
        </Typography>
      </Modal>
    </SectionCard>
  );
}
