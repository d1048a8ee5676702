import type { RefObject } from 'react';
import { Box } from '@mui/material';

/** The id of the page's `main`, the place "Skip to content" leads to. */
export const mainContentId = 'main-content';

/**
 * "Skip to content": the first stop of the keyboard on every signed-in screen, shown only while it
 * holds focus, moving focus past the sidebar to the page (`main`). Focus is moved by script: with
 * hash routing, following `#main-content` would be read as a route.
 */
export function SkipToContent({ target }: { target: RefObject<HTMLElement | null> }) {
  return (
    <Box
      component="a"
      href={`#${mainContentId}`}
      onClick={(event) => {
        event.preventDefault();
        target.current?.focus();
      }}
      sx={(theme) => ({
        position: 'fixed',
        top: 8,
        left: 8,
        zIndex: theme.zIndex.tooltip + 1,
        px: 2,
        py: 1,
        borderRadius: 1,
        bgcolor: 'background.paper',
        color: 'primary.main',
        fontWeight: 600,
        boxShadow: 3,
        // off the screen until the keyboard is on it
        transform: 'translateY(calc(-100% - 16px))',
        '&:focus': { transform: 'none', outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 2 },
      })}
    >
      Skip to content
    </Box>
  );
}
