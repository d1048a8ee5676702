import { Alert, Chip } from '@mui/material';
import BlockIcon from '@mui/icons-material/BlockOutlined';
import { closureText, closureWarning, type BankClosure } from '../../../domain/bank-closure.ts';

/**
 * Marks a tracked bank the regulator no longer lists as active ('Acquired by Big Bank on Jun 15, 2026',
 * 'Failed on ...'): its card otherwise still shows the figures and contacts of a bank that is gone.
 */
export function BankClosureChip({ closure }: { closure: BankClosure | null | undefined }) {
  if (!closure) return null;
  return <Chip size="small" data-testid="bank-closure" icon={<BlockIcon />} color="error" variant="outlined" label={closureText(closure)} sx={{ fontWeight: 600 }} />;
}

/** Said where mail is about to go to the staff of a closed bank (sending one email, starting a workflow); it does not stop them. */
export function BankClosureWarning({ bankName, closure }: { bankName: string; closure: BankClosure | null | undefined }) {
  if (!closure) return null;
  return (
    <Alert severity="warning" data-testid="bank-closure-warning">
      {closureWarning(bankName, closure)}
    </Alert>
  );
}
