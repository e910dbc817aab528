import { Alert } from 'antd';
import { PHONE_TWINS } from '@app/contract';
import { useLocation } from 'react-router';
import { useI18n } from '../i18n';

/**
 * On a phone, a back-office page that has a phone twin offers it (docs/mobile.md#addresses): the same page made for a
 * small screen, its query carried over. The seller may stay; nothing moves by itself.
 */
export function PhoneOffer() {
  const { t } = useI18n();
  const { pathname, search } = useLocation();
  const twin = PHONE_TWINS[pathname];
  if (!twin) return null;
  return (
    <Alert
      type="info"
      showIcon
      style={{ marginBottom: 12 }}
      message={
        <a href={twin + search} style={{ display: 'inline-flex', alignItems: 'center', minHeight: 44 }}>
          {t('phone.offer')}
        </a>
      }
    />
  );
}
