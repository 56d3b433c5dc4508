/**
 * Setup: the cafe's catalogue in tabs (a tab list: arrow keys move between
 * tabs, Home/End jump). Owners see every tab; staff see the ones the shift
 * works with (stations and rates to read, centre accounts to free, tools).
 */
import { useEffect, useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSlice } from '../core/feature.js';
import { AccountsTab } from './accounts/AccountsTab.js';
import { DisplayTab } from './display/DisplayTab.js';
import { CATALOGUE_TABS, STAFF_TABS, type CatalogueTab } from './index.js';
import { LoyaltyTab } from './loyalty/LoyaltyTab.js';
import { OffersTab } from './offers/OffersTab.js';
import { PrepaidTab } from './prepaid/PrepaidTab.js';
import { PricesTab } from './prices/PricesTab.js';
import { StationsTab } from './stations/StationsTab.js';
import { LimitsTab } from './limits/LimitsTab.js';
import { ToolsTab } from './tools/ToolsTab.js';
import './catalogue.css';
import { useCatalogue } from './index.js';

export function CatalogueScreen({ isOwner }: { isOwner: boolean }) {
  const { t } = useTranslation();
  const catalogue = useCatalogue();
  const current = useSlice(catalogue.tab, (s) => s.tab);
  const tabs: readonly CatalogueTab[] = isOwner ? CATALOGUE_TABS : STAFF_TABS;
  const tab = tabs.includes(current) ? current : 'stations';
  const refs = useRef<Record<string, HTMLButtonElement | null>>({});

  useEffect(() => {
    void catalogue.open(tab);
  }, [catalogue, tab]);

  const onKey = (e: KeyboardEvent) => {
    const i = tabs.indexOf(tab);
    // Right to left, the next tab is on the left: ArrowLeft moves forward.
    const rtl = document.documentElement.dir === 'rtl';
    const step = { ArrowRight: rtl ? -1 : 1, ArrowLeft: rtl ? 1 : -1, Home: -i, End: tabs.length - 1 - i }[e.key];
    if (step === undefined) return;
    e.preventDefault();
    const next = tabs[(i + step + tabs.length) % tabs.length] as CatalogueTab;
    catalogue.tab.setState({ tab: next });
    refs.current[next]?.focus();
  };

  return (
    <section className="catalogue" aria-label={t('nav.setup')}>
      <div className="subtabs no-print" role="tablist" aria-label={t('cat.tabs')} onKeyDown={onKey}>
        {tabs.map((name) => (
          <button
            key={name}
            ref={(el) => {
              refs.current[name] = el;
            }}
            type="button"
            role="tab"
            id={`cat-tab-${name}`}
            aria-controls={`cat-panel-${name}`}
            aria-selected={name === tab}
            tabIndex={name === tab ? 0 : -1}
            className={`tab${name === tab ? ' active' : ''}`}
            onClick={() => catalogue.tab.setState({ tab: name })}
          >
            {t(`cat.tab.${name}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`cat-panel-${tab}`} aria-labelledby={`cat-tab-${tab}`} className="subpanel">
        {tab === 'stations' && <StationsTab isOwner={isOwner} />}
        {tab === 'prices' && <PricesTab />}
        {tab === 'accounts' && <AccountsTab isOwner={isOwner} />}
        {tab === 'offers' && <OffersTab />}
        {tab === 'loyalty' && <LoyaltyTab />}
        {tab === 'prepaid' && <PrepaidTab />}
        {tab === 'display' && <DisplayTab />}
        {tab === 'limits' && <LimitsTab isOwner={isOwner} />}
        {tab === 'tools' && <ToolsTab isOwner={isOwner} />}
      </div>
    </section>
  );
}
