// 'Copier le lien': copies the address of a point ('/?point=<id>') to the clipboard, with a fallback
// for pages where the Clipboard API is unavailable (plain http).
import { Link } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button, IconButton } from '../../ui';
import { toast } from '../../ui/toast';
import { pointLink } from '../../core/links';
import { FIND_TEXT as T } from './strings';

export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) { await navigator.clipboard.writeText(text); return true; }
  } catch { /* fall back below */ }
  const ta = document.createElement('textarea');
  ta.value = text;
  ta.setAttribute('readonly', '');
  ta.style.position = 'fixed';
  ta.style.opacity = '0';
  document.body.appendChild(ta);
  ta.select();
  let ok: boolean;
  try { ok = document.execCommand('copy'); } catch { ok = false; }
  ta.remove();
  return ok;
}

export async function copyPointLink(id: string): Promise<void> {
  const url = pointLink(window.location.origin, id);
  if (await copyText(url)) toast(T.linkCopied, 'success', 2500);
  else toast(T.copyFailed(url), 'warning', 8000);
}

/** `compact`: an icon button for list rows; otherwise a labelled button (point form). */
/** `icon`: another drawing of the link icon (the sidebar rows' shared sprite). */
export function CopyLinkButton({ pointId, name, compact, icon }: { pointId: string; name?: string; compact?: boolean; icon?: ReactNode }) {
  if (compact) {
    return <IconButton size="sm" label={name ? T.copyLinkOf(name) : T.copyLink} icon={icon ?? <Link size={16} aria-hidden="true" />}
      onClick={() => void copyPointLink(pointId)} />;
  }
  return <Button size="sm" variant="ghost" icon={<Link size={16} aria-hidden="true" />} onClick={() => void copyPointLink(pointId)}>{T.copyLink}</Button>;
}
