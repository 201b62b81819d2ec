// A sermon's notes (Markdown written by staff in the portal) as HTML for its page. markdown-it with `html: false`
// escapes any raw HTML (a <script> is shown as text) and its link check refuses javascript:, vbscript:, file: and
// most data: URLs, so the notes cannot run code on the page; staff links open as plain links.
import MarkdownIt from 'markdown-it';

const markdown = new MarkdownIt({ html: false, linkify: true, typographer: true });

export function renderNotes(notes: string): string {
  return notes.trim() ? markdown.render(notes) : '';
}
