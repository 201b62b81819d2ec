// Hands the browser a file made on the page (a CSV export, the recovery codes) to save.
export function downloadCsv(filename: string, text: string) {
  downloadText(filename, text, 'text/csv;charset=utf-8');
}

export function downloadText(filename: string, text: string, type = 'text/plain;charset=utf-8') {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = Object.assign(document.createElement('a'), { href: url, download: filename });
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
