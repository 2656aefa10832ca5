import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { showToast } from '../../ui/toast';
import { qrPicture } from './qr-picture';

/** Whether this browser hands a PNG to the share sheet: that is where a phone's "save image" is. */
function canShareImage(): boolean {
  try {
    return typeof navigator.canShare === 'function' && navigator.canShare({ files: [new File([''], 'qr.png', { type: 'image/png' })] });
  } catch {
    return false;
  }
}

/**
 * "Save QR": the code as a PNG with its lines under it, made as soon as the code shows, so the tap itself
 * shares it (a share sheet needs the tap's user activation, which a wait for the canvas could lose). With
 * the Web Share API for files it is shared (a phone saves it to the gallery from there); elsewhere it
 * downloads through a link to an object URL, released when the code goes.
 */
export function SaveQr({ svg, lines, fileName }: { svg: string; lines: readonly string[]; fileName: string }) {
  const { t } = useLingui();
  const [share] = useState(canShareImage);
  const [file, setFile] = useState<File>();
  const [url, setUrl] = useState('');
  // the lines as one value: a new array each render must not make the picture again
  const text = lines.join('\n');

  useEffect(() => {
    let live = true;
    let made = '';
    qrPicture(svg, text.split('\n')).then(
      (blob) => {
        if (!live) return;
        const picture = new File([blob], fileName, { type: 'image/png' });
        setFile(picture);
        if (!share) setUrl((made = URL.createObjectURL(picture)));
      },
      () => undefined, // no picture: the button stays disabled, the code on screen still pays
    );
    return () => {
      live = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [svg, text, fileName, share]);

  if (share) {
    const send = async () => {
      if (!file) return;
      try {
        await navigator.share({ files: [file], title: t`QR code` });
      } catch (err) {
        if ((err as Error).name !== 'AbortError') showToast(t`The QR code could not be saved.`, 'danger');
      }
    };
    return (
      <button type="button" className="button" disabled={!file} onClick={() => void send()}>
        {t`Share QR`}
      </button>
    );
  }
  if (!url)
    return (
      <button type="button" className="button" disabled>
        {t`Save QR`}
      </button>
    );
  return (
    <a className="button" href={url} download={fileName}>
      {t`Save QR`}
    </a>
  );
}
