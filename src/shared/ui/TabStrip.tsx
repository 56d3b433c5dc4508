/**
 * A strip of tabs both apps use (a screen's sub-pages: Setup's tabs): a tab
 * list whose arrow keys move from the focused tab to the next or previous one
 * in reading order —
 * right to left, ArrowLeft is the next one — Home and End jump to the ends,
 * and only the chosen tab is in the Tab order. `tabPanelProps` names the panel
 * a tab controls. The look is tabs.css (quiet until chosen, the accent under
 * the chosen one).
 */
import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import './styles/tabs.css';

export interface TabStripProps<T extends string> {
  /** The list's accessible name. */
  label: string;
  tabs: ReadonlyArray<{ id: T; label: ReactNode }>;
  selected: T;
  onSelect: (id: T) => void;
  /** Ids: `<idPrefix>-tab-<id>` for a tab, `<idPrefix>-panel-<id>` for its panel. */
  idPrefix: string;
  /** Extra class for the list (e.g. no-print). */
  className?: string;
}

export const tabId = (idPrefix: string, id: string) => `${idPrefix}-tab-${id}`;
export const panelId = (idPrefix: string, id: string) => `${idPrefix}-panel-${id}`;

/** The props of the panel the selected tab shows. */
export function tabPanelProps(idPrefix: string, id: string) {
  return { role: 'tabpanel', id: panelId(idPrefix, id), 'aria-labelledby': tabId(idPrefix, id) } as const;
}

export function TabStrip<T extends string>({ label, tabs, selected, onSelect, idPrefix, className }: TabStripProps<T>) {
  const refs = useRef(new Map<T, HTMLButtonElement>());
  const onKey = (event: KeyboardEvent<HTMLDivElement>) => {
    // From the tab that has the focus (a tab may be focused without being chosen), else the chosen one.
    const focused = tabs.findIndex((tab) => refs.current.get(tab.id) === event.target);
    const i = focused >= 0 ? focused : tabs.findIndex((tab) => tab.id === selected);
    const rtl = getComputedStyle(event.currentTarget).direction === 'rtl' || event.currentTarget.closest('[dir]')?.getAttribute('dir') === 'rtl';
    const step = { ArrowRight: rtl ? -1 : 1, ArrowLeft: rtl ? 1 : -1, Home: -i, End: tabs.length - 1 - i }[event.key];
    if (step === undefined || tabs.length === 0) return;
    event.preventDefault();
    const next = tabs[(i + step + tabs.length) % tabs.length];
    if (!next) return;
    onSelect(next.id);
    refs.current.get(next.id)?.focus();
  };
  return (
    <div className={className ? `tabs ${className}` : 'tabs'} role="tablist" aria-label={label} onKeyDown={onKey}>
      {tabs.map((tab) => {
        const chosen = tab.id === selected;
        return (
          <button
            key={tab.id}
            ref={(el) => {
              if (el) refs.current.set(tab.id, el);
              else refs.current.delete(tab.id);
            }}
            type="button"
            role="tab"
            id={tabId(idPrefix, tab.id)}
            aria-controls={panelId(idPrefix, tab.id)}
            aria-selected={chosen}
            tabIndex={chosen ? 0 : -1}
            className={chosen ? 'tabs__tab tabs__tab--chosen' : 'tabs__tab'}
            onClick={() => onSelect(tab.id)}
          >
            {tab.label}
          </button>
        );
      })}
    </div>
  );
}
