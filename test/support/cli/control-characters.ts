/**
 * The control characters in `text` other than the line feed (an escape sequence, a carriage return that
 * redraws a line, a backspace), as code points: what piped output must not have.
 */
export function controlCharacters(text: string): number[] {
  return [...text]
    .map((c) => c.codePointAt(0)!)
    .filter((code) => (code < 0x20 && code !== 0x0a) || (code >= 0x7f && code < 0xa0));
}
