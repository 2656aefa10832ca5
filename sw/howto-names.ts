/** The cache of whole how-to videos; src/features/howto/saved-videos.ts reads the same name. */
export const HOWTO_MEDIA_CACHE = 'howto-media';
/** Posted to the pages once a video is saved whole, so the how-to page can mark it. */
export const VIDEO_SAVED = 'HOWTO_VIDEO_SAVED';
