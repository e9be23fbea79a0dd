import { config } from '../../config';
import { styled } from '../ui/theme';

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
  return (
    <>
      {config.licenseExpired ? (
        <Banner role="alert">
          <span>Your Server License is Expired.</span>
          <a href={LICENSE_DOCS} target="_blank" rel="noopener noreferrer">
            Learn more
          </a>
        </Banner>
      ) : null}
      {config.licenseLimitExceeded ? (
        <Banner role="alert">
          <span>Your License Limit is Exceeded.</span>
          <a href={LICENSE_DOCS} target="_blank" rel="noopener noreferrer">
            Learn more
          </a>
          <a href={PURCHASE} target="_blank" rel="noopener noreferrer">
            Purchase License
          </a>
        </Banner>
      ) : null}
    </>
  );
}
