/**
 * Text the CLI prints that came from the network (the service's messages, exported items) must
 * not drive the terminal: an escape sequence could clear the screen, set the window title or
 * overwrite a line, and a bidi override could reorder what is shown. Every output path writes
 * through these two functions.
 */

// C0 controls, DEL, C1 controls (0x9B is an 8-bit CSI), and the invisible bidi controls.
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are what is escaped
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
// The same without the C0 controls, which JSON.stringify already escapes.
const CONTROL_LEFT_BY_JSON = /[\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

const asEscape = (char: string) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`;

/** `text` with every control character (line breaks included) written as a visible `\u` escape with four hex digits. */
export function terminalSafe(text: string): string {
  return text.replace(CONTROL, asEscape);
}

/**
 * One JSON line for `value`: the same JSON, with the control characters `JSON.stringify` leaves
 * raw (DEL, C1, bidi controls) written as `\u` escapes (four hex digits), so it parses back to the same value.
 */
export function jsonLine(value: unknown): string {
  return `${JSON.stringify(value).replace(CONTROL_LEFT_BY_JSON, asEscape)}\n`;
}
