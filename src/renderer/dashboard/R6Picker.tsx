/** SPEC §2/§9 R6 Siege server picker: the 14 data centres with their region's flag. */
import { Globe } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import AE from 'country-flag-icons/react/3x2/AE';
import AU from 'country-flag-icons/react/3x2/AU';
import BR from 'country-flag-icons/react/3x2/BR';
import HK from 'country-flag-icons/react/3x2/HK';
import IE from 'country-flag-icons/react/3x2/IE';
import JP from 'country-flag-icons/react/3x2/JP';
import NL from 'country-flag-icons/react/3x2/NL';
import SG from 'country-flag-icons/react/3x2/SG';
import US from 'country-flag-icons/react/3x2/US';
import ZA from 'country-flag-icons/react/3x2/ZA';
import { R6_DATA_CENTRES } from '../../shared/constants.js';
import { Modal } from '../../shared/ui/Modal.js';
import { useFrameStore } from './frameStore.js';
import { useDashboard } from './index.js';
import { DATA_CENTRE_COUNTRY } from './r6.js';

const FLAGS: Record<string, typeof US> = { AE, AU, BR, HK, IE, JP, NL, SG, US, ZA };

export function R6Picker() {
  const { t } = useTranslation();
  const dashboard = useDashboard();
  const open = useFrameStore((s) => s.r6PickerOpen);
  if (!open) return null;
  return (
    <Modal labelledBy="r6-title" testId="r6-picker" wide onEscape={() => dashboard.closeR6Picker()}>
      <h2 className="modal__title" id="r6-title">
        {t('r6.title')}
      </h2>
      <p className="modal__text">{t('r6.text')}</p>
      <div className="r6-grid" dir="ltr">
        {R6_DATA_CENTRES.map((centre) => {
          const country = DATA_CENTRE_COUNTRY[centre.id];
          const Flag = country ? FLAGS[country] : undefined;
          return (
            <button
              key={centre.id}
              type="button"
              className="r6-grid__item"
              onClick={() => dashboard.chooseR6Server(centre.id)}
              data-testid={`r6-${centre.id}`}
            >
              {Flag ? <Flag className="r6-grid__flag" aria-hidden="true" /> : <Globe className="r6-grid__flag" aria-hidden="true" />}
              <span>{centre.name}</span>
            </button>
          );
        })}
      </div>
      <div className="modal__actions">
        <button type="button" className="button button--ghost" onClick={() => dashboard.closeR6Picker()}>
          {t('r6.close')}
        </button>
      </div>
    </Modal>
  );
}
