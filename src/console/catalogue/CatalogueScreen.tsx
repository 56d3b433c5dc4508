/**
 * Setup: the cafe's catalogue in tabs (the shared TabStrip: arrow keys move
 * between tabs in reading order, Home/End jump). Owners see every tab; staff
 * see the ones the shift works with (centre accounts to free, the money
 * limits to read, tools). Stations, their groups and rates to read are on the
 * Stations screen; the rates are set in Prices.
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { TabStrip, tabPanelProps } from '../../shared/ui/TabStrip.js';
import { useSlice } from '../core/feature.js';
import { AccountsTab } from './accounts/AccountsTab.js';
import { DisplayTab } from './display/DisplayTab.js';
import { CATALOGUE_TABS, STAFF_TABS, type CatalogueTab } from './index.js';
import { LoyaltyTab } from './loyalty/LoyaltyTab.js';
import { OffersTab } from './offers/OffersTab.js';
import { PrepaidTab } from './prepaid/PrepaidTab.js';
import { PricesTab } from './prices/PricesTab.js';
import { LimitsTab } from './limits/LimitsTab.js';
import { ToolsTab } from './tools/ToolsTab.js';
import './catalogue.css';
import { useCatalogue } from './index.js';

export function CatalogueScreen({ isOwner }: { isOwner: boolean }) {
  const { t } = useTranslation();
  const catalogue = useCatalogue();
  const current = useSlice(catalogue.tab, (s) => s.tab);
  const tabs: readonly CatalogueTab[] = isOwner ? CATALOGUE_TABS : STAFF_TABS;
  const tab = tabs.includes(current) ? current : (tabs[0] ?? 'accounts');

  useEffect(() => {
    void catalogue.open(tab);
  }, [catalogue, tab]);

  return (
    <section className="catalogue" aria-label={t('nav.setup')}>
      <TabStrip
        className="subtabs no-print"
        label={t('cat.tabs')}
        idPrefix="cat"
        tabs={tabs.map((name) => ({ id: name, label: t(`cat.tab.${name}`) }))}
        selected={tab}
        onSelect={(name) => catalogue.tab.setState({ tab: name })}
      />
      <div {...tabPanelProps('cat', tab)} className="subpanel">
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
