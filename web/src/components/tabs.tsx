// The staff screens' tab lists: the WAI-ARIA tabs pattern (role tablist / tab / tabpanel, one tab in
// the Tab order, arrow keys, Home and End with automatic activation: tab-keys.ts). Tab `x` of a list
// with prefix `p` is #p-tab-x and controls #p-panel-x; give the panel tabPanelProps(p, x, selected).
import type { ReactNode } from 'react';
import { useTabKeys } from './tab-keys';

export interface TabItem<T extends string> {
  id: T;
  label: ReactNode;
  /** A disabled tab is skipped by the arrow keys; `title` says why it is disabled. */
  disabled?: boolean;
  title?: string;
}

interface TabListProps<T extends string> {
  /** The tablist's accessible name. */
  label: string;
  idPrefix: string;
  tabs: readonly TabItem<T>[];
  selected: T;
  onSelect: (id: T) => void;
  className: string;
  tabClassName: string;
}

export function TabList<T extends string>({ label, idPrefix, tabs, selected, onSelect, className, tabClassName }: TabListProps<T>) {
  const { tabRef, onKeyDown } = useTabKeys(
    tabs.filter((t) => !t.disabled).map((t) => t.id),
    selected,
    onSelect,
  );
  return (
    <div className={className} role="tablist" aria-label={label} onKeyDown={onKeyDown}>
      {tabs.map((t) => (
        <button
          key={t.id}
          ref={tabRef(t.id)}
          type="button"
          role="tab"
          id={`${idPrefix}-tab-${t.id}`}
          aria-selected={selected === t.id}
          aria-controls={`${idPrefix}-panel-${t.id}`}
          tabIndex={selected === t.id ? 0 : -1}
          disabled={t.disabled}
          title={t.title}
          className={tabClassName}
          onClick={() => onSelect(t.id)}
        >
          {t.label}
        </button>
      ))}
    </div>
  );
}

/** The attributes of the panel that tab `id` controls. */
export function tabPanelProps<T extends string>(idPrefix: string, id: T, selected: T) {
  return { role: 'tabpanel', id: `${idPrefix}-panel-${id}`, 'aria-labelledby': `${idPrefix}-tab-${id}`, hidden: selected !== id } as const;
}
