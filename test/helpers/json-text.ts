/** A response text as JSON when it parses (`json: true`), else the text itself: the spec checks tell the two apart. */
export function parseJsonText(text: string): { body: unknown; json: boolean } {
  try {
    return { body: JSON.parse(text) as unknown, json: true };
  } catch {
    return { body: text, json: false };
  }
}
