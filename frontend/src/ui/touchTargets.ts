/**
 * An `sx` that makes every button inside at least 44 × 44 px on a touch screen, the smallest a
 * fingertip hits reliably: a row's 30 px icon buttons were missed or hit their neighbour. A mouse
 * keeps the compact sizes, so desktop rows and toolbars are laid out as before.
 */
export const touchTargets = {
  '@media (pointer: coarse)': { '& .MuiIconButton-root, & .MuiButton-root, & .MuiCheckbox-root': { minWidth: 44, minHeight: 44 } },
} as const;
