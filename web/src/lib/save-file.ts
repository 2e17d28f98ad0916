// Saves a file the page made (an export, a template, a preview image) through the browser's own
// download, the one way every browser supports for a Blob.

/** Starts the download of `blob` as `fileName`. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the URL by now; a slow device gets a generous margin before it is released.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Saves `value` as pretty-printed JSON. */
export function saveJsonFile(value: unknown, fileName: string): void {
  saveFile(new Blob([JSON.stringify(value, null, 2)], { type: 'application/json' }), fileName);
}
