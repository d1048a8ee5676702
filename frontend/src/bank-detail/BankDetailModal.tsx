import { Dialog, DialogTitle, IconButton } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import type { BankDetailView } from './index.tsx';

/** Full-screen bank detail (spec 2). The panels are built out in bank-detail/. */
export default function BankDetailModal({ cert, onClose }: { cert: number; initialView: BankDetailView; onClose: () => void }) {
  return (
    <Dialog fullScreen open onClose={onClose}>
      <DialogTitle>
        Bank {cert}
        <IconButton aria-label="Close" onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
          <CloseIcon />
        </IconButton>
      </DialogTitle>
    </Dialog>
  );
}
