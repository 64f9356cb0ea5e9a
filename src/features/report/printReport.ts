// Loads the report's photo thumbnails first (photos are kept in print), then opens the browser's print dialog.
export const PRINT_IMAGE_WAIT_MS = 5000; // longest wait for photos before printing anyway

export async function printReport(root: ParentNode = document, selector = '.report-view img'): Promise<void> {
  const imgs = [...root.querySelectorAll<HTMLImageElement>(selector)];
  for (const img of imgs) img.loading = 'eager';
  const loaded = Promise.all(imgs.map((img) => (img.complete ? null : img.decode().catch(() => null)))); // an image that fails to decode prints as missing
  await Promise.race([loaded, new Promise((r) => setTimeout(r, PRINT_IMAGE_WAIT_MS))]);
  window.print();
}
