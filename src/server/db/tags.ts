// Tags of sermons and events: a JSON array of strings in a text column, the same in SQLite and PostgreSQL.
export const writeTags = (tags: readonly string[]) => JSON.stringify(tags);

/** The stored tags, or none when the text is not a JSON array (never an error on a read). */
export function readTags(text: string): string[] {
  try {
    const tags: unknown = JSON.parse(text);
    return Array.isArray(tags) ? tags.map(String) : [];
  } catch {
    return [];
  }
}
