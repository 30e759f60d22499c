/**
 * The strip's styles, over the card's (styles.ts). Each group's lines have the same height in every language
 * (an item's line height is set in the frame's em, its text centred in it), and each group is as tall as its
 * lines at the step (compact-geometry.css, whose custom properties they read): whatever a language leaves of
 * them stays inside its group, at most a line.
 */
import css from './compact.css?raw';

export const compactStyles = css;
