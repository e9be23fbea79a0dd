import { config } from '../../config';
import { useT } from '../ui';
import { styled } from '../ui/theme';
import '../../i18n/en/banners';

const Banner = styled('div', {
  padding: '$2 $4',
  backgroundColor: '$warningBg',
  color: '$warning',
  borderBottom: '1px solid $warning',
  display: 'flex',
  gap: '$3',
  flexWrap: 'wrap',
  a: { color: 'inherit', fontWeight: 600 },
});

const LICENSE_DOCS = 'https://docs.drone.io/enterprise/';
const PURCHASE = 'https://drone.io/enterprise/';

/** docs/spec.md 2.1: license banners, driven by what the server injects into the page. */
export function Banners() {
  const t = useT();
  return (
    <>
      {config.licenseExpired ? (
        <Banner role="alert">
          <span>{t('shell.license.expired')}</span>
          <a href={LICENSE_DOCS} target="_blank" rel="noopener noreferrer">
            {t('common.learnMore')}
          </a>
        </Banner>
      ) : null}
      {config.licenseLimitExceeded ? (
        <Banner role="alert">
          <span>{t('shell.license.limitExceeded')}</span>
          <a href={LICENSE_DOCS} target="_blank" rel="noopener noreferrer">
            {t('common.learnMore')}
          </a>
          <a href={PURCHASE} target="_blank" rel="noopener noreferrer">
            {t('shell.license.purchase')}
          </a>
        </Banner>
      ) : null}
    </>
  );
}
