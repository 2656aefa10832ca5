export type Variant = 'th' | 'la';

/** The build flag: the Lao build defaults to Lao and offers the LAK/BAHT currency choice. */
export const VARIANT: Variant = import.meta.env.VITE_VARIANT === 'la' ? 'la' : 'th';
export const APP_VERSION = __APP_VERSION__;
export const BUILD_HASH = __BUILD_HASH__;
