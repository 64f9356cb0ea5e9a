// 'Imprimer': loads the lazy photo thumbnails of the report first (photos are kept in print), then opens the print dialog.
export const PRINT_IMAGE_WAIT_MS = 5000; // longest wait for photos before printing anyway

export async function printReport(root: ParentNode = document): Promise<void> {
  const imgs = [...root.querySelectorAll<HTMLImageElement>('.report-view img')];
  for (const img of imgs) img.loading = 'eager';
  const loaded = Promise.all(imgs.map((img) => (img.complete ? null : img.decode().catch(() => null))));
  await Promise.race([loaded, new Promise((r) => setTimeout(r, PRINT_IMAGE_WAIT_MS))]);
  window.print();
}
