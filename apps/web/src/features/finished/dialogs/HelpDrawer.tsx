import { PhoneOutlined, ReadOutlined } from '@ant-design/icons';
import { Button, Drawer, Flex, QRCode, Skeleton, Typography } from 'antd';
import { Link } from 'react-router';
import { useSupportContact } from '../../../api';
import { useI18n } from '../../../app/i18n';

/** Help (docs/finished.md#navigation): customer service's phone number, a QR code of the configured support address, the help centre. */
export function HelpDrawer({ onClose }: { onClose: () => void }) {
  const { t } = useI18n();
  const contact = useSupportContact();
  return (
    <Drawer open title={t('finished.help')} onClose={onClose} size={380}>
      {contact.data ? (
        <Flex vertical gap={16} align="center">
          <Typography.Text type="secondary">{t('finished.helpPhone')}</Typography.Text>
          <Typography.Title level={3} style={{ margin: 0 }} data-testid="support-phone">
            <PhoneOutlined /> {contact.data.phone}
          </Typography.Title>
          <QRCode value={contact.data.url} size={180} data-testid="support-qr" />
          <Typography.Text type="secondary">{t('finished.helpScan')}</Typography.Text>
          <Link to="/doccenter" onClick={onClose}>
            <Button icon={<ReadOutlined />}>{t('finished.helpCentre')}</Button>
          </Link>
        </Flex>
      ) : (
        <Skeleton active />
      )}
    </Drawer>
  );
}
