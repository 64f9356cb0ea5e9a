// Tabs on @radix-ui/react-tabs: styled primitives plus a convenience <Tabs items> component.
import * as RT from '@radix-ui/react-tabs';
import type { ReactNode } from 'react';

export const TabsRoot = ({ className, ...p }: RT.TabsProps) => <RT.Root className={`tabs ${className ?? ''}`} {...p} />;
export const TabsList = ({ className, ...p }: RT.TabsListProps) => <RT.List className={`tabs-list ${className ?? ''}`} {...p} />;
export const TabsTrigger = ({ className, ...p }: RT.TabsTriggerProps) => <RT.Trigger className={`tabs-trigger ${className ?? ''}`} {...p} />;
export const TabsContent = ({ className, ...p }: RT.TabsContentProps) => <RT.Content className={`tabs-content ${className ?? ''}`} {...p} />;

export interface TabItem<T extends string> { value: T; label: ReactNode; content?: ReactNode; disabled?: boolean }

export interface TabsProps<T extends string> {
  value: T;
  onValueChange: (v: T) => void;
  items: TabItem<T>[];
  ariaLabel?: string;
  className?: string;
  /** Rendered below the tab list, whatever the tab (e.g. filters). */
  children?: ReactNode;
}

export function Tabs<T extends string>({ value, onValueChange, items, ariaLabel, className, children }: TabsProps<T>) {
  return (
    <TabsRoot value={value} onValueChange={(v) => onValueChange(v as T)} className={className}>
      <TabsList aria-label={ariaLabel}>
        {items.map((it) => (
          <TabsTrigger key={it.value} value={it.value} disabled={it.disabled}>{it.label}</TabsTrigger>
        ))}
      </TabsList>
      {children}
      {items.map((it) => it.content !== undefined && (
        <TabsContent key={it.value} value={it.value}>{it.content}</TabsContent>
      ))}
    </TabsRoot>
  );
}
