import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import {
  Alert,
  Avatar,
  Box,
  Button,
  Chip,
  CircularProgress,
  Divider,
  Drawer,
  IconButton,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  Stack,
  TextField,
  Tooltip,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import AddIcon from '@mui/icons-material/Add';
import AiIcon from '@mui/icons-material/AutoAwesome';
import CopyIcon from '@mui/icons-material/ContentCopy';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import MenuIcon from '@mui/icons-material/Menu';
import MetricIcon from '@mui/icons-material/Functions';
import RegenerateIcon from '@mui/icons-material/Replay';
import SendIcon from '@mui/icons-material/Send';
import SuggestIcon from '@mui/icons-material/TipsAndUpdatesOutlined';
import { maxChatMessageLength } from '../../../../domain/chat.ts';
import { groupThousands } from '../../../../domain/format.ts';
import { chatPurple, inForcedColors } from '../../theme.ts';
import { Markdown, modelTextAsWords } from '../../ui/Markdown.tsx';
import { useToast } from '../../ui/Toast.tsx';
import type { ChatMessage } from './api.ts';
import { MetricPicker } from './MetricPicker.tsx';
import { PromptSuggestions } from './PromptSuggestions.tsx';
import { useAnalystChat } from './useAnalystChat.ts';

const providerNames: Record<string, string> = { gemini: 'Gemini', offline: 'Offline analyst' };

function timeLabel(iso: string): string {
  const date = new Date(iso);
  const sameDay = date.toDateString() === new Date().toDateString();
  return sameDay ? date.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' }) : date.toLocaleDateString('en-US', { month: 'short', day: 'numeric' });
}

function TypingIndicator() {
  return (
    <Box role="status" aria-label="The analyst is typing" data-testid="typing-indicator" sx={{ display: 'flex', gap: 0.5, py: 1 }}>
      {[0, 1, 2].map((dot) => (
        <Box
          key={dot}
          sx={{
            width: 8,
            height: 8,
            borderRadius: '50%',
            bgcolor: 'text.disabled',
            // Drawn by their fill alone, which forced colours paint as the page: there they take the text colour.
            [inForcedColors]: { forcedColorAdjust: 'none', bgcolor: 'CanvasText' },
            animation: 'chat-typing 1.2s infinite ease-in-out',
            animationDelay: `${dot * 0.15}s`,
            '@keyframes chat-typing': { '0%, 80%, 100%': { opacity: 0.3, transform: 'translateY(0)' }, '40%': { opacity: 1, transform: 'translateY(-3px)' } },
          }}
        />
      ))}
    </Box>
  );
}

/**
 * What a screen reader says when an answer has come in whole: the answer, in words. The answer
 * streams into its bubble piece by piece, which is not a live region (each piece would be read out
 * on its own); without this a user who cannot see the screen sent a question and heard nothing back.
 * Empty until the first answer in this view, so opening a conversation reads nothing out.
 */
function AnswerAnnouncement({ busy, last }: { busy: boolean; last: ChatMessage | undefined }) {
  const wasBusy = useRef(busy);
  const [said, setSaid] = useState('');
  const answer = !busy && wasBusy.current && last?.role === 'assistant' && last.content ? last.content : null;
  if (answer !== null && said !== answer) setSaid(answer);
  useEffect(() => {
    wasBusy.current = busy;
  }, [busy]);
  const words = useMemo(() => (said ? `The analyst answered: ${modelTextAsWords(said)}` : ''), [said]);
  return (
    <Box role="status" sx={visuallyHidden} data-testid="chat-announcement">
      {words}
    </Box>
  );
}

function MessageBubble({ message, typing }: { message: ChatMessage; typing: boolean }) {
  const toast = useToast();
  const mine = message.role === 'user';
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(message.content);
      toast.success('Copied to clipboard.');
    } catch {
      toast.error('Could not copy to the clipboard.');
    }
  };
  // Always shown beside the bubble, in the secondary icon colour: shown only under the pointer, a rep
  // using a magnifier or a touch screen did not find it (and over the bubble it would cover the text).
  const copyButton = (
    <Tooltip title="Copy">
      <IconButton size="small" aria-label="Copy message" onClick={copy} sx={{ alignSelf: 'flex-start', mt: 0.25 }}>
        <CopyIcon sx={{ fontSize: 15 }} />
      </IconButton>
    </Tooltip>
  );
  return (
    <Stack direction="row" justifyContent={mine ? 'flex-end' : 'flex-start'} spacing={1} data-testid={mine ? 'user-message' : 'assistant-message'}>
      {message.content && mine && copyButton}
      {!mine && (
        <Avatar sx={{ width: 28, height: 28, bgcolor: chatPurple, mt: 0.5 }}>
          <AiIcon sx={{ fontSize: 16 }} />
        </Avatar>
      )}
      <Box
        sx={{
          minWidth: 0,
          maxWidth: mine ? '80%' : 'calc(100% - 80px)',
          px: 1.75,
          py: 1.25,
          borderRadius: 2,
          bgcolor: mine ? 'primary.main' : 'background.paper',
          color: mine ? 'primary.contrastText' : 'text.primary',
          border: mine ? 0 : 1,
          borderColor: 'divider',
          // Your own bubble is set apart by its fill, which forced colours paint as the page: it takes a border there.
          [inForcedColors]: { border: 1 },
        }}
      >
        {mine ? (
          <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {message.content}
          </Typography>
        ) : typing && !message.content ? (
          <TypingIndicator />
        ) : (
          <Markdown text={message.content} testId="assistant-text" />
        )}
        {!mine && message.provider && !typing && (
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 0.5 }} data-testid="answered-by">
            Answered by {providerNames[message.provider] ?? message.provider}
          </Typography>
        )}
      </Box>
      {message.content && !mine && copyButton}
    </Stack>
  );
}

function ConversationList({ chat, onChosen }: { chat: ReturnType<typeof useAnalystChat>; onChosen: () => void }) {
  return (
    <Stack sx={{ height: '100%', minWidth: 0 }} data-testid="conversation-list">
      <Stack direction="row" alignItems="center" justifyContent="space-between" sx={{ px: 1.5, py: 1 }}>
        <Typography variant="subtitle2">Conversations</Typography>
        <Button
          size="small"
          startIcon={<AddIcon />}
          onClick={() => {
            void chat.createChat();
            onChosen();
          }}
          disabled={chat.busy}
        >
          New
        </Button>
      </Stack>
      <Divider />
      {/* The spinner stands before the list, not in it: a list holds only its items for a screen reader. */}
      {chat.loadingList && <CircularProgress size={20} aria-label="Loading the conversations" sx={{ m: 2 }} />}
      <List dense sx={{ flex: 1, overflowY: 'auto', py: 0 }}>
        {chat.sessions.map((session) => (
          // The delete button sits beside the conversation's button, not inside it: a control within a control is announced as one.
          // It is always shown: shown only on hover or focus, a rep using a magnifier or a touch screen did not find it.
          <ListItem
            key={session._id}
            disablePadding
            data-testid="conversation"
            secondaryAction={
              <IconButton size="small" aria-label={`Delete conversation ${session.title || 'Untitled'}`} onClick={() => void chat.remove(session._id)}>
                <DeleteIcon fontSize="small" />
              </IconButton>
            }
          >
            <ListItemButton
              selected={session._id === chat.activeId}
              onClick={() => {
                void chat.select(session._id);
                onChosen();
              }}
              disabled={chat.busy && session._id !== chat.activeId}
              sx={{ pr: 5 }}
            >
              <ListItemText primary={session.title || 'Untitled'} secondary={timeLabel(session.updatedAt)} slotProps={{ primary: { noWrap: true, variant: 'body2' } }} />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
    </Stack>
  );
}

/**
 * The Analyst Chat, as a page and as the right-side panel: conversations on the left (a drawer on
 * small screens and in the panel), the conversation, and the question box with prompt suggestions
 * and the metric picker.
 */
export default function AnalystChat({ variant = 'page' }: { variant?: 'page' | 'panel' }) {
  const [input, setInput] = useState('');
  // A question that got no answer comes back to the box, unless the user has started another.
  const chat = useAnalystChat({ onUnanswered: (question) => setInput((current) => (current.trim() ? current : question)) });
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'));
  const listBeside = variant === 'page' && wide;
  const [listOpen, setListOpen] = useState(false);
  const tooLong = input.trim().length > maxChatMessageLength;
  const [suggestAnchor, setSuggestAnchor] = useState<HTMLElement | null>(null);
  const [metricAnchor, setMetricAnchor] = useState<HTMLElement | null>(null);
  const inputRef = useRef<HTMLTextAreaElement | null>(null);
  const bottomRef = useRef<HTMLDivElement | null>(null);

  const last = chat.messages[chat.messages.length - 1];
  useEffect(() => {
    bottomRef.current?.scrollIntoView?.({ block: 'end' });
  }, [chat.messages.length, last?.content, chat.error]);

  const send = async () => {
    if (await chat.send(input)) setInput('');
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void send();
    }
  };
  const insertAtCursor = (text: string) => {
    const field = inputRef.current;
    const start = field?.selectionStart ?? input.length;
    const end = field?.selectionEnd ?? input.length;
    const next = `${input.slice(0, start)}${text}${input.slice(end)}`;
    setInput(next);
    requestAnimationFrame(() => {
      field?.focus();
      field?.setSelectionRange(start + text.length, start + text.length);
    });
  };

  const list = <ConversationList chat={chat} onChosen={() => setListOpen(false)} />;
  const canRegenerate = last?.role === 'assistant' && !chat.busy;
  const answeredBy = chat.provider ?? [...chat.messages].reverse().find((message) => message.provider)?.provider;

  return (
    <Box
      // As a page it takes the window's height left under the banner (the layout's rule for pages that fill the window).
      data-fills-window={variant === 'page' ? '' : undefined}
      sx={{ display: 'flex', ...(variant === 'page' ? { flex: 1, minHeight: 360 } : { height: '100%' }), border: variant === 'page' ? 1 : 0, borderColor: 'divider', borderRadius: variant === 'page' ? 2 : 0, overflow: 'hidden', bgcolor: 'background.default' }}
      data-testid={`analyst-chat-${variant}`}
    >
      {listBeside ? (
        <Box sx={{ width: 260, flexShrink: 0, borderRight: 1, borderColor: 'divider', bgcolor: 'background.paper' }}>{list}</Box>
      ) : (
        <Drawer anchor="left" open={listOpen} onClose={() => setListOpen(false)} slotProps={{ paper: { sx: { width: 280 } } }}>
          {list}
        </Drawer>
      )}
      <Stack sx={{ flex: 1, minWidth: 0 }}>
        {/* The title keeps room for itself: on a narrow screen the provider and Regenerate go to a line of their own. */}
        <Stack direction="row" alignItems="center" useFlexGap flexWrap="wrap" columnGap={1} rowGap={0.5} sx={{ px: 2, py: 1.5, pr: variant === 'panel' ? 7 : 2, borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper' }}>
          {!listBeside && (
            <IconButton aria-label="Show conversations" onClick={() => setListOpen(true)} edge="start">
              <MenuIcon />
            </IconButton>
          )}
          <Box sx={{ flex: '1 1 12rem', minWidth: 0 }}>
            <Typography variant="h6" component={variant === 'page' ? 'h1' : 'h2'} noWrap sx={{ fontWeight: 700, lineHeight: 1.2 }}>
              Analyst Chat
            </Typography>
            <Typography variant="caption" color="text.secondary" component="p">
              AI powered, with regulator data and grounded news
            </Typography>
          </Box>
          {((answeredBy && variant === 'page') || canRegenerate) && (
            <Stack direction="row" alignItems="center" spacing={1} sx={{ ml: 'auto' }}>
              {answeredBy && variant === 'page' && <Chip size="small" variant="outlined" label={providerNames[answeredBy] ?? answeredBy} data-testid="chat-provider" />}
              {canRegenerate && (
                <Button size="small" startIcon={<RegenerateIcon />} onClick={() => void chat.regenerate()}>
                  Regenerate
                </Button>
              )}
            </Stack>
          )}
        </Stack>

        {/* Outside the scrolling messages: hidden text at their end would stretch the page on a phone. */}
        <AnswerAnnouncement busy={chat.busy} last={last} />
        <Box sx={{ flex: 1, overflowY: 'auto', px: { xs: 1.5, sm: 2.5 }, py: 2 }} data-testid="chat-messages">
          {/* The greeting says the analyst is ready: before a conversation is open, a question typed has nowhere to go. */}
          {chat.loadingMessages || (!chat.active && !chat.error) ? (
            <CircularProgress size={24} aria-label="Opening the conversation" sx={{ display: 'block', mx: 'auto', mt: 4 }} />
          ) : chat.messages.length === 0 && !chat.error ? (
            <Stack alignItems="center" spacing={1.5} sx={{ textAlign: 'center', mt: { xs: 4, sm: 8 }, px: 2 }} data-testid="chat-greeting">
              <Avatar sx={{ width: 48, height: 48, bgcolor: chatPurple }}>
                <AiIcon />
              </Avatar>
              <Typography variant="h6">Hello! I&apos;m your AI analyst.</Typography>
              <Typography variant="body2" color="text.secondary" sx={{ maxWidth: 420 }}>
                Ask me to rank banks by any metric, analyse a bank, quote a figure for a quarter, compare a bank with its peers, describe the market, or go through your targets. I answer from our regulator data and cite every bank I mention.
              </Typography>
            </Stack>
          ) : (
            <Stack spacing={2}>
              {chat.messages.map((message, index) => (
                <MessageBubble key={index} message={message} typing={chat.busy && index === chat.messages.length - 1 && message.role === 'assistant'} />
              ))}
            </Stack>
          )}
          {chat.error && (
            <Alert severity="error" variant="outlined" sx={{ mt: 2, overflowWrap: 'anywhere' }} data-testid="chat-error">
              {chat.error}
            </Alert>
          )}
          <div ref={bottomRef} />
        </Box>

        <Box sx={{ p: 1.5, borderTop: 1, borderColor: 'divider', bgcolor: 'background.paper' }}>
          <TextField
            inputRef={inputRef}
            fullWidth
            multiline
            maxRows={6}
            size="small"
            placeholder="Ask about banks, metrics, peers or your targets..."
            value={input}
            onChange={(event) => setInput(event.target.value)}
            onKeyDown={onKeyDown}
            error={tooLong}
            helperText={tooLong ? `A question can be at most ${groupThousands(maxChatMessageLength)} characters; this one has ${groupThousands(input.trim().length)}.` : undefined}
            slotProps={{ htmlInput: { 'aria-label': 'Question for the analyst' } }}
          />
          <Stack direction="row" alignItems="center" spacing={1} useFlexGap sx={{ mt: 1 }}>
            <Tooltip title="Prompt suggestions">
              <IconButton aria-label="Prompt suggestions" onClick={(event) => setSuggestAnchor(event.currentTarget)}>
                <SuggestIcon />
              </IconButton>
            </Tooltip>
            <Tooltip title="Insert financial metric">
              <IconButton aria-label="Insert financial metric" onClick={(event) => setMetricAnchor(event.currentTarget)}>
                <MetricIcon />
              </IconButton>
            </Tooltip>
            <Typography variant="caption" color="text.secondary" sx={{ flex: 1, display: { xs: 'none', sm: 'block' } }}>
              Enter sends, Shift+Enter adds a line
            </Typography>
            <Button variant="contained" endIcon={chat.busy ? <CircularProgress size={14} color="inherit" /> : <SendIcon />} disabled={chat.busy || !input.trim() || tooLong || !chat.active} onClick={() => void send()} sx={{ ml: 'auto' }}>
              Ask
            </Button>
          </Stack>
        </Box>
      </Stack>
      <PromptSuggestions
        anchor={suggestAnchor}
        onClose={() => setSuggestAnchor(null)}
        onPick={(question) => {
          setInput(question);
          setSuggestAnchor(null);
          inputRef.current?.focus();
        }}
      />
      <MetricPicker
        anchor={metricAnchor}
        onClose={() => setMetricAnchor(null)}
        onPick={(description) => {
          setMetricAnchor(null);
          insertAtCursor(`"${description}"`);
        }}
      />
    </Box>
  );
}
