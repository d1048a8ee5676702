import { useState } from 'react';
import { Button, ListItemText, Menu, MenuItem } from '@mui/material';
import LibraryAddIcon from '@mui/icons-material/LibraryAddOutlined';
import { useCreate } from 'react-admin';
import { starterTemplates, type StarterTemplate } from '../../../../domain/placeholders/index.ts';
import { useToast } from '../../ui/Toast.tsx';
import { templateCategoryLabels, type EmailTemplate } from './template.ts';

/**
 * 'Starter Templates': copies one of the shipped templates into the user's own, where it is edited
 * like any other (the starter itself never changes).
 */
export function StarterTemplatesButton({ onCopied }: { onCopied?: (template: EmailTemplate) => void }) {
  const toast = useToast();
  const [create] = useCreate<EmailTemplate>();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [copying, setCopying] = useState(false);
  const copy = async (starter: StarterTemplate) => {
    setAnchor(null);
    setCopying(true);
    try {
      const { name, category, subject, body } = starter;
      const copied = await create('templates', { data: { name, category, subject, body, isFavorite: false } }, { returnPromise: true });
      toast.success(`'${name}' was added to your templates.`);
      onCopied?.(copied as EmailTemplate);
    } catch (error) {
      toast.error(`Failed to copy the starter template. ${(error as Error).message}`);
    } finally {
      setCopying(false);
    }
  };
  return (
    <>
      <Button variant="outlined" startIcon={<LibraryAddIcon />} disabled={copying} onClick={(event) => setAnchor(event.currentTarget)} aria-haspopup="menu">
        Starter Templates
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {starterTemplates.map((starter) => (
          <MenuItem key={starter.id} onClick={() => void copy(starter)}>
            <ListItemText primary={starter.name} secondary={`Copy to my templates · ${templateCategoryLabels[starter.category]}`} />
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
