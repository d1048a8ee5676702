import { Box, Stack, Typography } from '@mui/material';
import { BankTargetStar } from '../targets/TargetStar.tsx';
import type { useTargetToggle } from '../targets/useTargetToggle.ts';

/** The title row of a bank card: name over city and state, and the target star. */
export function BankCardHeader({
  bank,
  targets,
}: {
  bank: { cert: number; name: string; city?: string | null; state?: string | null };
  targets: ReturnType<typeof useTargetToggle>;
}) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', justifyContent: 'space-between', mb: 1.5 }}>
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="subtitle1" sx={{ fontWeight: 700, lineHeight: 1.3 }} data-testid="bank-name">
          {bank.name}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {[bank.city, bank.state].filter(Boolean).join(', ')}
        </Typography>
      </Box>
      <BankTargetStar targets={targets} bank={bank} />
    </Stack>
  );
}
