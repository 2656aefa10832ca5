import { useLingui } from '@lingui/react/macro';
import { FileIcon } from './message-icons';
import { mediaSrc, type MediaType } from './message-list-payload';

interface MediaProps {
  fileType: MediaType;
  filePath: string;
  name: string;
  prefix: string;
  localUrl?: string;
}

/** A picture, a clip or a file of the conversation: the server's copy, or the picked file until it is uploaded. */
export function MessageMedia({ fileType, filePath, name, prefix, localUrl }: MediaProps) {
  const { t } = useLingui();
  const src = mediaSrc(prefix, filePath, localUrl);
  const label = name || (fileType === 'image' ? t`Image` : fileType === 'video' ? t`Video` : t`File`);
  if (!src) return <span className="chat-media-missing">{label}</span>;
  // the whole picture opens on a tap (the bubble shows it cropped to a fixed box)
  if (fileType === 'image')
    return (
      <a href={src} target="_blank" rel="noopener noreferrer">
        <img className="chat-image" src={src} alt={label} decoding="async" />
      </a>
    );
  if (fileType === 'video') {
    return (
      // members' and agents' own clips come without a captions track to offer
      // eslint-disable-next-line jsx-a11y/media-has-caption
      <video className="chat-video" src={src} controls preload="metadata" playsInline aria-label={label} />
    );
  }
  return (
    <a className="chat-file" href={src} download={name || true} target="_blank" rel="noopener noreferrer">
      <FileIcon />
      <span>{label}</span>
    </a>
  );
}
