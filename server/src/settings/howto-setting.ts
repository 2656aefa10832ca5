import { Type, type Static } from 'typebox';
import { LocalizedText } from './localized.js';

/**
 * A file on this site: the CSP loads media and images from the site's own origin only. Videos live
 * under /howto/: the service worker keeps only those for offline play (never a chat attachment).
 */
const SitePath = (description: string, under = '') =>
  Type.String({
    pattern: `^/${under}(?![/\\\\])[^\\s?#]*$`,
    maxLength: 300,
    description: `${description}: a path on this site, e.g. /howto/wallet.mp4`,
  });

/** One entry of the how-to page (§2 How-to): its title per language, the video and the still shown before it plays. */
export const HowtoVideoSetting = Type.Object(
  {
    id: Type.String({ pattern: '^[a-z0-9-]{1,32}$', description: 'a stable name for the entry (wallet, playing, ...)' }),
    title: LocalizedText,
    video: SitePath('an MP4 (H.264) video under /howto/', 'howto/'),
    poster: SitePath('a JPEG, WebP or PNG still'),
  },
  { additionalProperties: false },
);

/** The how-to page's videos, in the order shown. */
export const HowtoSettingSchema = Type.Object({ videos: Type.Array(HowtoVideoSetting, { maxItems: 20 }) }, { additionalProperties: false });
export type HowtoSetting = Static<typeof HowtoSettingSchema>;

const t = (th: string, la: string, en: string) => ({ th, la, en });
const TITLES = {
  wallet: t('เริ่มใช้กระเป๋าเงิน', 'ເລີ່ມໃຊ້ກະເປົາເງິນ', 'Getting started with your wallet'),
  playing: t('วิธีเข้าเล่นเกม', 'ວິທີເຂົ້າຫຼິ້ນເກມ', 'How to play a game'),
  balance: t('วิธีเช็คยอดเงิน', 'ວິທີກວດຍອດເງິນ', 'How to check your balance'),
  bonus: t('วิธีรับโบนัส', 'ວິທີຮັບໂບນັດ', 'How to get a bonus'),
  'end-bonus': t('วิธียกเลิกโบนัส', 'ວິທີຍົກເລີກໂບນັດ', 'How to end a bonus'),
};

/**
 * The seeded five (spec §2), with the videos scripts/make-howto-videos.mjs made from the real screens: the
 * Thai site's filmed in Thai (`/howto/`), the Lao site's in Lao with a kip member (`/howto/la/`).
 */
export function defaultHowto(variant: 'th' | 'la'): HowtoSetting {
  const dir = variant === 'la' ? '/howto/la' : '/howto';
  return {
    videos: Object.entries(TITLES).map(([id, title]) => ({ id, title, video: `${dir}/${id}.mp4`, poster: `${dir}/${id}.webp` })),
  };
}
