import { Paper, Typography } from '@mui/material';
import { PageHeader } from '../../layout/PageHeader.tsx';

/** A screen whose issue has not landed yet: its title and one honest line about what will be there. */
export function UpcomingScreen({ title, description }: { title: string; description: string }) {
  return (
    <>
      <PageHeader title={title} />
      <Paper variant="outlined" sx={{ p: 4 }}>
        <Typography color="text.secondary">{description}</Typography>
      </Paper>
    </>
  );
}
