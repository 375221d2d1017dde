/** Starts a browser download of `href` under `fileName` (a data: URL or an object URL). */
export function saveDataUrl(href: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}

/** Downloads a Blob (the CSV export) under the server's file name. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  saveDataUrl(url, fileName);
  // The download has taken the data by the next task; the URL is only released after it.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
