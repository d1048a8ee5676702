import { Link as RouterLink } from 'react-router';
import { Button, IconButton, Tooltip } from '@mui/material';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { useBankDetail } from '../bank-detail/index.tsx';

/**
 * A list's way to a bank's detail, as a link to its address: a click opens it here, and the browser's
 * own ways (a middle click, Open in New Tab, Copy Link) work too.
 */
export function ViewDetailsIconLink({ bank }: { bank: { cert: number; name: string } }) {
  const { linkTo } = useBankDetail();
  return (
    <Tooltip title="View Details">
      <IconButton component={RouterLink} {...linkTo(bank.cert)} size="small" aria-label={`View details of ${bank.name}`}>
        <VisibilityIcon fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}

/** A bank card's Details link (see `ViewDetailsIconLink`). */
export function ViewDetailsButtonLink({ cert }: { cert: number }) {
  const { linkTo } = useBankDetail();
  return (
    <Button component={RouterLink} {...linkTo(cert)} size="small" startIcon={<VisibilityIcon />}>
      Details
    </Button>
  );
}
