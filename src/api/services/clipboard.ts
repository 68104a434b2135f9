import { fromPromise } from 'xstate';

/** Puts a text on the clipboard (the browser may refuse, e.g. without focus: the machine says so). */
export const writeClipboard = fromPromise<void, { text: string }>(({ input }) =>
  navigator.clipboard.writeText(input.text),
);
