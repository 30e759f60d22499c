/**
 * The messages' chunk (card/messages.ts: what a card without a report says, with its picture), loaded by
 * the first card that needs it. Until then, or where it cannot be loaded, a card says the same in plain text.
 */

/** The chunk's module, once `loadMessages` has loaded it. */
export let messages: typeof import('./messages.ts') | undefined;

/** Loads the messages' chunk; resolves to its module the first time only (an element then renders again). */
export const loadMessages = () =>
  messages ? Promise.resolve() : import('./messages.ts').then((m) => (messages = m));
