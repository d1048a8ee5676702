import { defaultDarkTheme, defaultLightTheme, type RaThemeOptions } from 'react-admin';
import { deepmerge } from '@mui/utils';
import type { CheckboxProps, InputLabelProps, OutlinedInputProps, Theme } from '@mui/material';

/**
 * Forced colours (Windows High Contrast): the browser paints every background in the system's page
 * colour, so what MUI marks by a fill alone vanishes: a selected tab's underline, a selected toggle or
 * list item, a slider's rail, track and handle, a progress bar. These are painted in the system's own
 * colours instead: the selection in Highlight (its text in HighlightText), a slider's rail in the text
 * colour. `forced-color-adjust: none` keeps them as given here.
 */
export const inForcedColors = '@media (forced-colors: active)';
const forcedHighlight = { forcedColorAdjust: 'none', backgroundColor: 'Highlight' } as const;
// A selected item's icons and texts, coloured by the theme, would stay so on Highlight: they take its text colour.
// Under the pointer too: MUI's tint for a selected item hovered (a 12 % primary) would replace Highlight behind the
// HighlightText, white on a pale blue (1.2:1).
const forcedSelected = { [inForcedColors]: { ...forcedHighlight, color: 'HighlightText', '& *': { color: 'inherit' } } };
const forcedSelection = { '&.Mui-selected': forcedSelected, '&.Mui-selected:hover': forcedSelected };

/** The border of a text box at rest: 3.7:1 or more against the cards and page of either theme. */
export function inputBorderColor(theme: Theme): string {
  return theme.palette.mode === 'light' ? 'rgba(0, 0, 0, 0.5)' : 'rgba(255, 255, 255, 0.5)';
}

/**
 * A text box's label and the room above and below its value in rem, not MUI's pixels, so that they grow
 * with the browser's text size as the text does: in pixels, at twice the text size the label raised onto
 * the box's edge reached 17 px down over the value. At the usual size (16 px to the rem) they are MUI's own.
 */
const rem = (px: number) => `${px / 16}rem`;
const valuePadding = (size: string | undefined) => rem(size === 'small' ? 8.5 : 16.5);

let describedConfirmations = 0;

/** Points a react-admin confirmation at its question as its description: react-admin gives the question no id. */
function describeByContent(node: HTMLElement) {
  const dialog = node.querySelector('[role="alertdialog"]');
  const question = node.querySelector('.MuiDialogContent-root');
  if (!dialog || !question) return;
  describedConfirmations += 1;
  question.id ||= `confirm-question-${describedConfirmations}`;
  dialog.setAttribute('aria-describedby', question.id);
}

/** Light and dark themes; react-admin keeps the choice in local storage and defaults to the system preference. */
const shared: RaThemeOptions = {
  palette: { primary: { main: '#2563eb' }, secondary: { main: '#7c3aed' } },
  shape: { borderRadius: 10 },
  typography: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, Helvetica, Arial, sans-serif' },
  sidebar: { width: 248, closedWidth: 64 },
  components: {
    // A ring round whatever the keyboard is on. MUI marks it with a faint ripple or a shade only,
    // which is lost on the current page's link, a selected tab or toggle, and a filled button (whose
    // raised shadow the flat buttons here do without). Drawn inside items that fill a list or a bar,
    // whose edges are cut off by it.
    MuiButtonBase: {
      styleOverrides: {
        root: ({ theme }: { theme: Theme }) => ({
          '&.Mui-focusVisible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 2 },
          '&.Mui-focusVisible:is(.MuiListItemButton-root, .MuiMenuItem-root, .MuiTab-root, .MuiToggleButton-root, .MuiCardActionArea-root)': { outlineOffset: -2 },
        }),
      },
    },
    MuiCard: { defaultProps: { variant: 'outlined' } },
    // A spinner is a progress bar to a screen reader, which reads one without a name as just "progress bar";
    // one that says what is loading names itself, one beside its own words is hidden (aria-hidden).
    MuiCircularProgress: { defaultProps: { 'aria-label': 'Loading' } },
    MuiPaper: { styleOverrides: { root: { backgroundImage: 'none' } } },
    // react-admin's delete confirmations open on their confirming button, where an Enter pressed on at
    // once deletes: they open on Cancel instead, as the app's own confirm dialogs do (the first of the
    // dialog's actions), and the deletion takes a deliberate Tab or click. Like those, they are alert
    // dialogs described by their question (react-admin names them by their title only).
    RaConfirm: {
      defaultProps: {
        role: 'alertdialog',
        slotProps: {
          transition: {
            onEnter: (node: HTMLElement) => {
              describeByContent(node);
              node.querySelector<HTMLElement>('.MuiDialogActions-root button')?.focus();
            },
          },
        },
      },
    },
    MuiButton: { defaultProps: { disableElevation: true }, styleOverrides: { root: { textTransform: 'none', fontWeight: 600 } } },
    // An unselected toggle's text in the secondary text colour: MUI's (action.active) read 4.49:1 on the page.
    // The chosen one is filled in the primary colour: MUI's grey shade read 1.2:1 against the card, so which
    // view was shown was hard to tell. Its keyboard ring, drawn inside, is in the fill's text colour.
    MuiToggleButton: {
      styleOverrides: {
        root: ({ theme }: { theme: Theme }) => ({
          color: theme.palette.text.secondary,
          '&.Mui-selected, &.Mui-selected:hover': { color: theme.palette.primary.contrastText, backgroundColor: theme.palette.primary.main },
          '&.Mui-selected.Mui-focusVisible': { outlineColor: theme.palette.primary.contrastText },
          ...forcedSelection,
        }),
      },
    },
    MuiListItemButton: { styleOverrides: { root: forcedSelection } },
    // A button beside a selected item (the open conversation's Delete) lies over the item's Highlight:
    // in the system's button text colour it was dark on dark (1.9:1); its icon takes the highlight's text colour.
    MuiListItem: {
      styleOverrides: {
        root: { [inForcedColors]: { '&:has(> .Mui-selected) > .MuiListItemSecondaryAction-root svg': { forcedColorAdjust: 'none', color: 'HighlightText' } } },
      },
    },
    // A menu's option (a template, a workflow, a bank to pick) wraps at the menu's edge: MUI keeps it on
    // one line, and on a phone the menu cut a long name off.
    MuiMenuItem: { styleOverrides: { root: { ...forcedSelection, whiteSpace: 'normal', overflowWrap: 'anywhere' } } },
    MuiTab: { styleOverrides: { root: { textTransform: 'none', fontWeight: 600 } } },
    MuiTabs: { styleOverrides: { indicator: { [inForcedColors]: forcedHighlight } } },
    MuiSlider: {
      styleOverrides: {
        rail: { [inForcedColors]: { forcedColorAdjust: 'none', backgroundColor: 'CanvasText', opacity: 1 } },
        track: { [inForcedColors]: { ...forcedHighlight, borderColor: 'Highlight' } },
        thumb: { [inForcedColors]: { ...forcedHighlight, border: '2px solid CanvasText' } },
      },
    },
    MuiLinearProgress: { styleOverrides: { root: { [inForcedColors]: { border: '1px solid CanvasText' } }, bar: { [inForcedColors]: forcedHighlight } } },
    MuiTableCell: { styleOverrides: { head: { fontWeight: 700, whiteSpace: 'nowrap' } } },
    // A name or address written as one long word (a 200-letter name, an email without a break) wraps
    // at the edge of its box instead of pushing the page sideways: a record's field on its page, a
    // list's line on a phone. 'anywhere' only where no table measures it (break-word leaves a table
    // column's width as it was, and a cell's words whole).
    RaTextField: { styleOverrides: { root: { overflowWrap: 'break-word' } } },
    MuiListItemText: { styleOverrides: { primary: { overflowWrap: 'anywhere' }, secondary: { overflowWrap: 'anywhere' } } },
    // A checkbox given an aria-label is named by it on its input, where assistive technology looks:
    // MUI puts the attribute on the wrapping span, where it names nothing (react-admin's list rows
    // name their checkboxes so). A name given on the input itself (inputProps, slotProps) stays.
    MuiCheckbox: {
      defaultProps: {
        slotProps: {
          root: { 'aria-label': undefined },
          input: (ownerState: CheckboxProps) => ({ ...ownerState.inputProps, 'aria-label': ownerState.inputProps?.['aria-label'] ?? ownerState['aria-label'] }),
        },
      },
    },
    // A text box's hint in the secondary text colour, and its border at 3:1 against the card and page:
    // MUI's hint (the text colour at 42 %) read 2.6:1 on a white card and its border 1.7:1 (2.1:1 in the
    // dark theme), so a search box was hard to find and its hint harder to read.
    MuiInputBase: { styleOverrides: { input: ({ theme }: { theme: Theme }) => ({ '&::placeholder': { color: theme.palette.text.secondary, opacity: 1 } }) } },
    MuiOutlinedInput: {
      styleOverrides: {
        root: ({ theme, ownerState }: { theme: Theme; ownerState: OutlinedInputProps }) => ({
          '& .MuiOutlinedInput-notchedOutline': { borderColor: inputBorderColor(theme) },
          ...(ownerState.multiline && { paddingTop: valuePadding(ownerState.size), paddingBottom: valuePadding(ownerState.size) }),
        }),
        input: ({ ownerState }: { ownerState: OutlinedInputProps }) => (ownerState.multiline ? {} : { paddingTop: valuePadding(ownerState.size), paddingBottom: valuePadding(ownerState.size) }),
      },
    },
    MuiInputLabel: {
      styleOverrides: {
        outlined: ({ ownerState }: { ownerState: InputLabelProps }) => ({
          transform: ownerState.shrink ? `translate(14px, ${rem(-9)}) scale(0.75)` : `translate(14px, ${rem(ownerState.size === 'small' ? 9 : 16)}) scale(1)`,
        }),
      },
    },
    MuiAutocomplete: {
      styleOverrides: {
        root: {
          '& .MuiOutlinedInput-root': { paddingTop: rem(9), paddingBottom: rem(9), '& .MuiAutocomplete-input': { paddingTop: rem(7.5), paddingBottom: rem(7.5) } },
          '& .MuiOutlinedInput-root.MuiInputBase-sizeSmall': { paddingTop: rem(6), paddingBottom: rem(6), '& .MuiAutocomplete-input': { paddingTop: rem(2.5), paddingBottom: rem(2.5) } },
        },
      },
    },
    // An unchecked switch's track at 3:1 against the card (MUI's read 2.7:1 and 2.5:1 in the dark theme): its white handle is otherwise all there is to see.
    MuiSwitch: { styleOverrides: { track: { opacity: 0.5 } } },
    // In a small window (a laptop's at 400 % zoom: 320 × 256 px) a dialog leaves 8 px round it, not 32,
    // and scrolls as a whole: with its content scrolling alone between a fixed title and footer, Send
    // Email's form was a 30 px strip under a four-line title.
    MuiDialog: {
      styleOverrides: {
        paper: {
          '@media (max-width: 480px)': { '&:not(.MuiDialog-paperFullScreen)': { margin: 8, width: 'calc(100% - 16px)', maxWidth: 'calc(100% - 16px)' } },
          '@media (max-height: 480px)': { '&:not(.MuiDialog-paperFullScreen)': { margin: 8, maxHeight: 'calc(100% - 16px)' } },
        },
      },
    },
    MuiDialogContent: { styleOverrides: { root: { '@media (max-height: 480px)': { flex: 'none', overflowY: 'visible' } } } },
    MuiTextField: { defaultProps: { variant: 'outlined', size: 'small', margin: 'none' } },
    MuiFormControl: { defaultProps: { variant: 'outlined', size: 'small', margin: 'none' } },
    // react-admin's SelectInput asks for dense margins itself, which lifts it above its neighbours in a filter bar.
    RaFilterForm: { styleOverrides: { root: { '& .MuiFormControl-marginDense': { marginBottom: 0 } } } },
    // The button removing a filter (34 px) sits on the filter's bottom edge; 3 px up centres it on the 40 px input.
    RaFilterFormInput: { styleOverrides: { root: { '& .RaFilterFormInput-hideButton': { marginBottom: 3 } } } },
    // A list with more columns than the window has room for scrolls inside its card; the page itself
    // never scrolls sideways (the list's box would otherwise grow to its table's width). The table
    // scrolls, not the card: the bar of bulk actions (Delete) sits above the table, outside its box,
    // and a card that scrolls clips it away.
    // Beside the sidebar its bar of filters and actions wraps where it does not fit (a larger text size)
    // instead of pushing the page sideways (a phone lays that bar out on its own).
    RaList: {
      styleOverrides: {
        root: ({ theme }: { theme: Theme }) => ({
          '& .RaList-main': { minWidth: 0 },
          [theme.breakpoints.up('md')]: { '& .RaList-actions, & .RaList-actions > .MuiToolbar-root': { flexWrap: 'wrap' } },
        }),
      },
    },
    // On a phone react-admin's Create is a round button at the bottom right, where the assistant's
    // button (56 px, 24 px from the corner) sits: it stands 16 px above that one instead of across it.
    RaCreateButton: { styleOverrides: { root: { '&.RaCreateButton-floating': { right: 24, bottom: 96 } } } },
    // 12 px either side of a list's cells instead of 16: the Contacts list's ten columns then fit a
    // 1,440 px window beside the sidebar, and rows read as one line more often.
    RaDatagrid: { styleOverrides: { root: { '& .RaDatagrid-headerCell, & .RaDatagrid-rowCell': { paddingLeft: 12, paddingRight: 12 }, '& .RaDatagrid-tableWrapper': { overflowX: 'auto' } } } },
    // A list's empty page ('No templates yet', 'Do you want to add one?') in the secondary text colour:
    // react-admin's disabled grey read 2.7:1 on the page, below the 4.5:1 WCAG asks of text.
    RaEmpty: { styleOverrides: { root: ({ theme }: { theme: Theme }) => ({ '& .RaEmpty-message': { color: theme.palette.text.secondary } }) } },
  },
};

// Warning in a darker orange than MUI's (#ed6c02): white on it, and it as text on white, read 5.2:1
// where MUI's read 3.1:1 (the bank detail's Target button, warnings in forms).
export const lightTheme = deepmerge(defaultLightTheme, deepmerge(shared, { palette: { background: { default: '#f5f7fb', paper: '#ffffff' }, warning: { main: '#c2410c' } } }));

export const darkTheme = deepmerge(
  defaultDarkTheme,
  deepmerge(shared, {
    // Error in a lighter red than MUI's (#f44336), which read 4.0:1 as text on the cards.
    // A filled button under the pointer turns lighter, not darker as MUI's: its dark text read 3.9:1 on the
    // darkened blue (3.7:1 on the red), 9.3-9.7:1 on these.
    palette: {
      mode: 'dark',
      primary: { main: '#60a5fa', dark: '#93c5fd' },
      secondary: { main: '#a78bfa', dark: '#c4b5fd' },
      error: { main: '#f87171', dark: '#fca5a5' },
      background: { default: '#0f172a', paper: '#1e293b' },
    },
  }),
);

/** The system setting of people who ask for less motion (vestibular disorders, migraines). */
export const reducedMotionQuery = '(prefers-reduced-motion: reduce)';

/**
 * For people who ask their system for less motion (vestibular disorders, migraines): dialogs, menus,
 * drawers and notices appear and go at once, without ripples, fades, slides or placeholders pulsing.
 * Spinners and progress bars keep moving: they are how a user sees the app still works. The charts
 * follow the same preference themselves.
 */
const withoutMotion: RaThemeOptions = {
  transitions: {
    create: () => 'none',
    getAutoHeightDuration: () => 0,
    duration: { shortest: 0, shorter: 0, short: 0, standard: 0, complex: 0, enteringScreen: 0, leavingScreen: 0 },
  },
  components: {
    MuiButtonBase: { defaultProps: { disableRipple: true } },
    MuiSkeleton: { defaultProps: { animation: false } },
    // What the app animates by CSS of its own (an expand arrow turning, the assistant's typing dots).
    MuiCssBaseline: {
      styleOverrides: {
        '*:not(.MuiCircularProgress-root, .MuiCircularProgress-root *, .MuiLinearProgress-root *), ::before, ::after': {
          transitionDuration: '0s !important',
          animationDuration: '0s !important',
          animationIterationCount: '1 !important',
          scrollBehavior: 'auto !important',
        },
      },
    },
  },
};

/** The light and dark themes as they are for a user who asked for less motion. */
export const lightThemeWithoutMotion = deepmerge(lightTheme, withoutMotion);
export const darkThemeWithoutMotion = deepmerge(darkTheme, withoutMotion);

/** The purple of the floating Analyst Chat button. */
export const chatPurple = '#7c3aed';
