import { useMemo, useState, type ReactNode } from 'react';
import { Box, Button, Chip, InputAdornment, Paper, Stack, TextField, Typography } from '@mui/material';
import AiIcon from '@mui/icons-material/AutoAwesome';
import SearchIcon from '@mui/icons-material/Search';
import { useDelete, useGetList } from 'react-admin';
import { PageHeader } from '../../layout/PageHeader.tsx';
import { StarterTemplatesButton } from '../../resources/templates/StarterTemplatesButton.tsx';
import { TemplateCard } from '../../resources/templates/TemplateCard.tsx';
import { templatesApi } from '../../resources/templates/api.ts';
import { useRefreshOutreach } from '../../resources/shared/useRefreshOutreach.ts';
import { useDeletedNotice } from '../../resources/shared/restore.ts';
import { aiApi, providerNames } from '../../ai/api.ts';
import { ApiError } from '../../providers/http.ts';
import { AI_TEMPLATE_DRAFT_ID, TemplateFormModal } from '../../resources/templates/TemplateFormModal.tsx';
import { draftOf, filterTemplates, sameDraft, type EmailTemplate, type TemplateDraft } from '../../resources/templates/template.ts';
import { TemplateDeletionQuestion } from '../../resources/templates/TemplateDeletionQuestion.tsx';
import { WorkflowDeletionQuestion } from '../../resources/workflows/WorkflowDeletionQuestion.tsx';
import { allWorkflowsQuery, WorkflowCard, type Workflow } from '../../resources/workflows/WorkflowCard.tsx';
import { AI_WORKFLOW_DRAFT_ID, WorkflowFormModal } from '../../resources/workflows/WorkflowFormModal.tsx';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { PageSpinner } from '../../ui/PageSpinner.tsx';
import { useToast } from '../../ui/Toast.tsx';
import { AiGenerateDialog } from './AiGenerateDialog.tsx';

/** The most templates the screen loads (the API's page limit). */
const LIST_LIMIT = 500;

type PendingDelete = { type: 'template'; record: EmailTemplate } | { type: 'workflow'; record: Workflow };
type TemplateEditing = { open: false } | { open: true; template: EmailTemplate | null; improvement?: { draft: TemplateDraft; by: string } };
type WorkflowEditing = { open: false } | { open: true; workflow: Workflow | null };

/**
 * A section's title and count, its actions beside it; where they do not fit on one line (a 1,280 px
 * window for the templates' four) the actions move to a line of their own, each kept on one line.
 */
function SectionTitle({ title, count, actions }: { title: string; count: number | undefined; actions: ReactNode }) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ flexWrap: 'wrap', gap: 1, justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 2 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography variant="h6" component="h2" sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
          {title}
        </Typography>
        {count !== undefined && <Chip size="small" label={count} data-testid={`${title.toLowerCase().replace(/\s+/g, '-')}-count`} />}
      </Stack>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center', ml: { sm: 'auto' }, '& .MuiButton-root': { whiteSpace: 'nowrap' } }}>
        {actions}
      </Stack>
    </Stack>
  );
}

function EmptyState({ title, text }: { title: string; text: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 4, textAlign: 'center', borderStyle: 'dashed' }}>
      <Typography variant="subtitle1" sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {text}
      </Typography>
    </Paper>
  );
}

/**
 * Automation Outreach: the user's workflows (cards scrolling sideways) and email templates (a grid of
 * one, two or three columns), each with its count, create, edit and delete; templates can be starred
 * and searched. 'Generate with AI' drafts a template or a workflow that opens unsaved for review;
 * 'Improve with AI' on a template opens the AI's rewrite of it for review the same way.
 */
export default function AutomationOutreach() {
  const deletedNotice = useDeletedNotice();
  const toast = useToast();
  const [search, setSearch] = useState('');
  const [templateEditing, setTemplateEditing] = useState<TemplateEditing>({ open: false });
  const [workflowEditing, setWorkflowEditing] = useState<WorkflowEditing>({ open: false });
  const [pendingDelete, setPendingDelete] = useState<PendingDelete | null>(null);
  const [aiDialog, setAiDialog] = useState<'template' | 'workflow' | null>(null);
  const [improving, setImproving] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [remove] = useDelete();
  const refresh = useRefreshOutreach();

  const templates = useGetList<EmailTemplate>('templates', { pagination: { page: 1, perPage: LIST_LIMIT }, sort: { field: 'createdAt', order: 'DESC' } });
  const workflows = useGetList<Workflow>('workflows', allWorkflowsQuery);
  const templateList = useMemo(() => templates.data ?? [], [templates.data]);
  const shownTemplates = useMemo(() => filterTemplates(templateList, search), [templateList, search]);
  const templateNames = useMemo(() => new Map(templateList.map((template) => [template.id, template.name])), [templateList]);

  const toggleFavorite = async (template: EmailTemplate) => {
    try {
      await templatesApi.setFavorite(template.id, !template.isFavorite);
    } catch (error) {
      toast.error(`Failed to update the template. ${(error as Error).message}`);
    } finally {
      await refresh('templates');
    }
  };

  const confirmDelete = async () => {
    if (!pendingDelete) return;
    setDeleting(true);
    const resource = pendingDelete.type === 'template' ? 'templates' : 'workflows';
    try {
      await remove(resource, { id: pendingDelete.record.id, previousData: pendingDelete.record }, { mutationMode: 'pessimistic', returnPromise: true });
      deletedNotice(resource, [pendingDelete.record.id]);
      setPendingDelete(null);
    } catch (error) {
      toast.error(`Failed to delete the ${pendingDelete.type}. ${(error as Error).message}`);
    } finally {
      setDeleting(false);
    }
  };

  // The server's reason (the AI service busy, a draft it could not make savable) says what happened; a failed connection does not.
  const failedGeneration = (error: unknown) => (error instanceof ApiError ? error.message : 'An error occurred during generation. Please try again.');
  const generateTemplate = async (prompt: string): Promise<string | null> => {
    try {
      const { template } = await aiApi.generateTemplate(prompt);
      if (!template) return 'The AI could not generate a template. Please try a different prompt.';
      const now = new Date().toISOString();
      setAiDialog(null);
      setTemplateEditing({ open: true, template: { ...template, id: AI_TEMPLATE_DRAFT_ID, isFavorite: false, createdAt: now, updatedAt: now, version: 0 } });
      return null;
    } catch (error) {
      return failedGeneration(error);
    }
  };
  /** Asks the AI to rewrite a template, then opens the rewrite for review in the editor (nothing is saved until then). */
  const improveTemplate = async (template: EmailTemplate) => {
    setImproving(template.id);
    try {
      const fields = draftOf(template);
      const answer = await aiApi.improveTemplate(fields);
      if (!answer.template) toast.error('The AI could not improve this template. Please try again.');
      else if (sameDraft(answer.template, fields)) toast.info('The AI has nothing to improve in this template.');
      else setTemplateEditing({ open: true, template, improvement: { draft: answer.template, by: answer.providerLabel ?? providerNames[answer.provider] } });
    } catch (error) {
      toast.error((error as Error).message);
    } finally {
      setImproving(null);
    }
  };
  const generateWorkflow = async (prompt: string): Promise<string | null> => {
    try {
      const available = templateList.map((template) => ({ id: template.id, name: template.name, category: template.category, subject: template.subject }));
      const { workflow } = await aiApi.generateWorkflow(prompt, available);
      if (!workflow) return 'The AI could not generate a valid workflow. Please check your prompt or ensure you have email templates available.';
      setAiDialog(null);
      setWorkflowEditing({ open: true, workflow: { ...workflow, id: AI_WORKFLOW_DRAFT_ID, createdAt: new Date().toISOString(), version: 0 } as Workflow });
      return null;
    } catch (error) {
      return failedGeneration(error);
    }
  };

  if (templates.isPending || workflows.isPending) return <PageSpinner />;

  return (
    <>
      <PageHeader title="Automation Outreach" subtitle="Email templates and multi-step outreach workflows." />

      <Box component="section" sx={{ mb: 4 }} aria-label="Workflows">
        <SectionTitle
          title="Workflows"
          count={workflows.total}
          actions={
            <>
              <Button variant="outlined" color="secondary" startIcon={<AiIcon />} onClick={() => setAiDialog('workflow')}>
                Generate with AI
              </Button>
              <Button variant="contained" onClick={() => setWorkflowEditing({ open: true, workflow: null })}>
                + New Workflow
              </Button>
            </>
          }
        />
        {workflows.error ? (
          <Typography color="error">{(workflows.error as Error).message}</Typography>
        ) : (workflows.data ?? []).length === 0 ? (
          <EmptyState title="No Workflows Yet" text="A workflow is a sequence of emails and LinkedIn visits spread over days." />
        ) : (
          <Stack direction="row" spacing={2} sx={{ overflowX: 'auto', pb: 1 }} data-testid="workflow-cards">
            {(workflows.data ?? []).map((workflow) => (
              <WorkflowCard
                key={workflow.id}
                workflow={workflow}
                templateNames={templateNames}
                onEdit={() => setWorkflowEditing({ open: true, workflow })}
                onDelete={() => setPendingDelete({ type: 'workflow', record: workflow })}
              />
            ))}
          </Stack>
        )}
      </Box>

      <Box component="section" aria-label="Email Templates">
        <SectionTitle
          title="Email Templates"
          count={templates.total}
          actions={
            <>
              <TextField
                placeholder="Search templates"
                value={search}
                sx={{ width: { xs: '100%', sm: 260 } }}
                onChange={(event) => setSearch(event.target.value)}
                slotProps={{
                  htmlInput: { 'aria-label': 'Search templates' },
                  input: { startAdornment: <InputAdornment position="start"><SearchIcon fontSize="small" /></InputAdornment> },
                }}
              />
              <Button variant="outlined" color="secondary" startIcon={<AiIcon />} onClick={() => setAiDialog('template')}>
                Generate with AI
              </Button>
              <StarterTemplatesButton onCopied={(template) => setTemplateEditing({ open: true, template })} />
              <Button variant="contained" onClick={() => setTemplateEditing({ open: true, template: null })}>
                + New Template
              </Button>
            </>
          }
        />
        {templates.error ? (
          <Typography color="error">{(templates.error as Error).message}</Typography>
        ) : templateList.length === 0 ? (
          <EmptyState title="No Templates Yet" text="Write an email once, with placeholders for the bank and the contact, and reuse it, or start from a starter template." />
        ) : shownTemplates.length === 0 ? (
          <EmptyState title="No templates match your search." text="Try other words, or clear the search." />
        ) : (
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' }, gap: 2 }} data-testid="template-grid">
            {shownTemplates.map((template) => (
              <TemplateCard
                key={template.id}
                template={template}
                onToggleFavorite={() => void toggleFavorite(template)}
                onImprove={() => void improveTemplate(template)}
                improving={improving === template.id}
                onEdit={() => setTemplateEditing({ open: true, template })}
                onDelete={() => setPendingDelete({ type: 'template', record: template })}
              />
            ))}
          </Box>
        )}
      </Box>

      <TemplateFormModal
        open={templateEditing.open}
        template={templateEditing.open ? templateEditing.template : null}
        improvement={templateEditing.open ? templateEditing.improvement : undefined}
        onClose={() => setTemplateEditing({ open: false })}
      />
      <WorkflowFormModal
        open={workflowEditing.open}
        workflow={workflowEditing.open ? workflowEditing.workflow : null}
        templates={templateList}
        onClose={() => setWorkflowEditing({ open: false })}
      />
      <AiGenerateDialog
        open={aiDialog === 'template'}
        title="Generate Email Template with AI"
        actionLabel="Generate Template"
        emptyPromptText="Please enter a prompt describing the template you want."
        example="a friendly first email to a bank CFO about treasury services"
        onClose={() => setAiDialog(null)}
        generate={generateTemplate}
      />
      <AiGenerateDialog
        open={aiDialog === 'workflow'}
        title="Generate Workflow with AI"
        actionLabel="Generate Workflow"
        emptyPromptText="Please enter a prompt describing the workflow you want."
        example="three touches over two weeks with a bank CFO: an introduction email, a LinkedIn visit, then a follow-up email"
        warning={templateList.length === 0 ? 'You must have at least one email template saved to generate a workflow with email steps.' : undefined}
        onClose={() => setAiDialog(null)}
        generate={generateWorkflow}
      />
      <ConfirmDialog
        open={pendingDelete !== null}
        title={pendingDelete?.type === 'workflow' ? 'Delete Workflow' : 'Delete Template'}
        body={pendingDelete?.type === 'workflow' ? <WorkflowDeletionQuestion records={[pendingDelete.record]} /> : pendingDelete ? <TemplateDeletionQuestion records={[pendingDelete.record]} /> : ''}
        confirmText="Delete"
        destructive
        busy={deleting}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setPendingDelete(null)}
      />
    </>
  );
}
