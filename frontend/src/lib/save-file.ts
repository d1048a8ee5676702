/** Lets the browser save the file under this name, as a download. */
export function saveFile(file: Blob, name: string): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // the download starts from the address after the click returns: it is let go a while later
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** A name made fit for a file: letters and digits, the rest as single dashes. */
export const safeFileName = (name: string, fallback: string): string => name.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '') || fallback;
