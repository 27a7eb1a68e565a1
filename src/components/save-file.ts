/** Saves bytes the server sent as a file the reader downloads. */
export function saveFile(bytes: ArrayBuffer | Blob, fileName: string): void {
  const blob =
    bytes instanceof Blob
      ? bytes
      : new Blob([bytes], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started by now; revoking later keeps slow browsers from losing it.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
