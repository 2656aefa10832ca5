import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { Modal } from '../../ui/modal';
import type { HowtoVideo } from './queries';

/**
 * One how-to video in a modal player (§2 How-to): the browser's own controls, inline on phones, only
 * its size and first frame fetched until the member presses play. Closing stops it and its download.
 */
export function VideoModal({ video, saved, onClose }: { video: HowtoVideo; saved: boolean; onClose: () => void }) {
  const { t } = useLingui();
  const player = useRef<HTMLVideoElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const element = player.current;
    return () => {
      if (!element) return;
      element.pause();
      // without a source the browser drops the connection too, instead of finishing the download
      element.removeAttribute('src');
      element.load();
    };
  }, []);
  return (
    <Modal title={video.title} onClose={onClose} closeLabel={t`Close`}>
      {/* above the player: a phone shows the tall video first, and the reason must be seen without scrolling */}
      {failed && (
        <p className="notice" role="alert">
          {navigator.onLine || saved
            ? t`This video cannot be played just now. Please try again later.`
            : t`You are offline and this video is not saved on this device. Watch it once with a connection to keep it for offline use.`}
        </p>
      )}
      {/* the videos are silent (no audio track): the title drawn in them is this dialog's label, nothing is spoken to caption */}
      {/* eslint-disable-next-line jsx-a11y/media-has-caption */}
      <video
        ref={player}
        className="howto-video"
        src={video.video}
        poster={video.poster}
        controls
        playsInline
        preload="metadata"
        width={360}
        height={640}
        aria-label={video.title}
        // in the dialog's Tab cycle, and first to have focus: Space then plays it
        tabIndex={0}
        data-autofocus
        onError={() => setFailed(true)}
      />
    </Modal>
  );
}
