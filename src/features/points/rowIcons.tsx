// The icons of the sidebar's point rows drawn once (warm line switch: a switch mounts a list's rows again):
// each row shows edit, link and delete as a <use> of one hidden sprite (an <svg> and a <use> per icon) instead of a
// lucide tree per icon and row. The sprite is rendered by the list (./PointList), one list at a time.
import { Link, Pencil, Trash2 } from 'lucide-react';

const ICONS = { pencil: Pencil, link: Link, trash: Trash2 } as const;
export type RowIconName = keyof typeof ICONS;
const NAMES = Object.keys(ICONS) as RowIconName[];
const idOf = (name: RowIconName) => `point-row-icon-${name}`;

/** The icons' definitions, invisible (not display:none: a <use> of a hidden sprite may draw nothing). */
export function RowIconSprite() {
  return (
    <svg width="0" height="0" style={{ position: 'absolute' }} aria-hidden="true" focusable="false">
      {NAMES.map((name) => { const Icon = ICONS[name]; return <symbol key={name} id={idOf(name)} viewBox="0 0 24 24"><Icon /></symbol>; })}
    </svg>
  );
}

/** One icon of the sprite, `size` px, decorative (its button carries the label). */
export function RowIcon({ name, size = 16 }: { name: RowIconName; size?: number }) {
  return <svg width={size} height={size} aria-hidden="true" focusable="false"><use href={`#${idOf(name)}`} /></svg>;
}
