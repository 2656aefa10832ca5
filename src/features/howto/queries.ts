import type { HowtoResponse } from '../../../contract/lookup';
import { currentLocale } from '../../lib/i18n';
import { lookup } from '../../lib/lookups';

export type HowtoVideo = HowtoResponse['videos'][number];

/** §2 How-to: the operator's videos, titles in the member's language (one saved copy per language, for offline). */
export const howtoQuery = () => lookup<HowtoResponse>('howto', undefined, currentLocale());
