import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DataStatus } from '../../ui/data-status';
import { LanguageSelect } from '../../ui/language-select';
import { howtoQuery, type HowtoVideo } from './queries';
import { useSavedVideos } from './saved-videos';
import { VideoModal } from './video-modal';

/**
 * §2 How-to: the operator's videos (wallet, playing, balance, bonus, ending a bonus), each a button
 * that opens it in a modal player, with a mark on those this device can play offline.
 */
export function HowtoPage() {
  const { t } = useLingui();
  const howto = useQuery(howtoQuery());
  const videos = howto.data?.videos ?? [];
  const [open, setOpen] = useState<HowtoVideo | undefined>();
  // closing the player is when a first play may have saved its video: look again then
  const saved = useSavedVideos(
    videos.map((v) => v.video),
    open,
  );
  return (
    <main className="page flush howto-page">
      {/* a public page: its own language picker, as the sign-in, register and contact pages have */}
      <div className="howto-top">
        <LanguageSelect />
      </div>
      <h1>
        <Trans>How to use</Trans>
      </h1>
      <p className="muted">{t`Short videos of the app, step by step. A video you have watched once also plays without a connection.`}</p>
      <DataStatus query={howto} />
      {howto.data && videos.length === 0 && <p className="muted">{t`There are no videos yet.`}</p>}
      {videos.length > 0 && (
        <ul className="howto-list">
          {videos.map((video) => (
            <li key={video.id}>
              <button type="button" className="howto-entry" onClick={() => setOpen(video)}>
                <img src={video.poster} alt="" width={54} height={96} loading="lazy" />
                <span className="howto-entry-text">
                  <span className="howto-entry-title">{video.title}</span>
                  {saved.has(video.video) && <span className="howto-saved">{t`Available offline`}</span>}
                </span>
                <span className="howto-play" aria-hidden="true">
                  ▶
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {open && <VideoModal video={open} saved={saved.has(open.video)} onClose={() => setOpen(undefined)} />}
    </main>
  );
}
