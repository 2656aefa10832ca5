import { useLingui } from '@lingui/react/macro';
import { Modal } from '../modal';
import { BannerCarousel, type Banner } from './banner-carousel';

/** §2 the banner carousel shown before the invite or refund modal; closing it opens that modal. */
export function BannerModal({ title, banners, onClose }: { title: string; banners: Banner[]; onClose: () => void }) {
  const { t } = useLingui();
  return (
    <Modal title={title} onClose={onClose} closeLabel={t`Close`}>
      <BannerCarousel banners={banners} />
      <button type="button" className="button primary block" data-autofocus onClick={onClose}>
        {t`Continue`}
      </button>
    </Modal>
  );
}
