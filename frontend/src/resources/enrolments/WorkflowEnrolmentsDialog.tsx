import { useEffect, useState } from 'react';
import { Box, Button, Chip, Dialog, DialogActions, DialogContent, DialogTitle, Stack, Typography, useTheme } from '@mui/material';
import { Funnel, FunnelChart, LabelList, ResponsiveContainer, Tooltip } from 'recharts';
import { useChartTooltip } from '../../ui/chartTooltip.ts';
import type { WorkflowStatistics } from '../../../../domain/records/enrolment.ts';
import { enrolmentsApi } from './api.ts';
import { EnrolmentTable } from './EnrolmentTable.tsx';

type StageBox = { x: number; y: number; upperWidth: number; lowerWidth: number; height: number };

/**
 * A stage's name and count on one line, right of its shape's slanted edge at mid-height. recharts'
 * own label wraps to the room it guesses there: 'Sent' and '2' stood on two lines over the shape.
 */
function stageLabel(fill: string) {
  return function StageLabel({ viewBox, value }: { viewBox?: unknown; value?: unknown }) {
    if (!viewBox) return null;
    const { x, y, upperWidth, lowerWidth, height } = viewBox as StageBox;
    const rightAtMiddle = x + upperWidth / 2 + (upperWidth + lowerWidth) / 4;
    return (
      <text x={rightAtMiddle + 8} y={y + height / 2} fill={fill} dominantBaseline="central">
        {String(value)}
      </text>
    );
  };
}

/** The funnel of a workflow: enrolled, then reached by a step, then replied; completions and drop-outs beside it. */
function StatisticsFunnel({ statistics }: { statistics: WorkflowStatistics }) {
  const { tooltipProps } = useChartTooltip();
  const theme = useTheme();
  const stages = [
    { name: 'Enrolled', count: statistics.enrolled, fill: theme.palette.primary.main },
    { name: 'Sent', count: statistics.sent, fill: theme.palette.info.main },
    { name: 'Completed', count: statistics.completed, fill: theme.palette.success.main },
    { name: 'Replied', count: statistics.replied, fill: theme.palette.secondary.main },
  ];
  // A stage of 0 keeps a sliver of width, so every stage stays visible with its label; the labels tell the counts.
  const widest = Math.max(1, ...stages.map((stage) => stage.count));
  const shapes = stages.map((stage) => ({ ...stage, width: Math.max(stage.count, widest * 0.08), label: `${stage.name} ${stage.count}` }));
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: 'center' }}>
      <Box sx={{ width: { xs: '100%', sm: 380 }, height: 200 }} data-testid="workflow-funnel">
        <ResponsiveContainer>
          <FunnelChart margin={{ top: 5, right: 110, bottom: 5, left: 5 }}>
            <Tooltip
              formatter={(_value, _name, item) => [(item.payload as { count: number }).count, (item.payload as { name: string }).name]}
              {...tooltipProps}
            />
            <Funnel dataKey="width" nameKey="name" data={shapes} isAnimationActive={false} lastShapeType="rectangle">
              <LabelList dataKey="label" content={stageLabel(theme.palette.text.primary)} />
            </Funnel>
          </FunnelChart>
        </ResponsiveContainer>
      </Box>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }} data-testid="workflow-statistics">
        <Chip label={`Enrolled ${statistics.enrolled}`} />
        <Chip label={`Sent ${statistics.sent}`} color="info" variant="outlined" />
        <Chip label={`Failed ${statistics.failed}`} color="error" variant="outlined" />
        <Chip label={`Replied ${statistics.replied}`} color="secondary" variant="outlined" />
        <Chip label={`Unsubscribed ${statistics.unsubscribed}`} color="warning" variant="outlined" />
        <Chip label={`Completed ${statistics.completed}`} color="success" variant="outlined" />
      </Stack>
    </Stack>
  );
}

/** A workflow's statistics and its enrolments, with pause, resume and stop. */
export function WorkflowEnrolmentsDialog({ workflow, onClose }: { workflow: { id: string; name: string }; onClose: () => void }) {
  const [statistics, setStatistics] = useState<WorkflowStatistics | undefined>();
  const [error, setError] = useState<string | undefined>();
  useEffect(() => {
    enrolmentsApi.statistics(workflow.id).then(setStatistics, (failure: Error) => setError(failure.message));
  }, [workflow.id]);
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="workflow-enrolments-title">
      <DialogTitle id="workflow-enrolments-title">Enrolments in {workflow.name}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={3}>
          {error && <Typography color="error">{error}</Typography>}
          {statistics && statistics.enrolled > 0 && <StatisticsFunnel statistics={statistics} />}
          <EnrolmentTable filter={{ workflowId: workflow.id }} show={['contact']} emptyText="Nobody is enrolled yet: start an automation from a bank in Targets." />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
