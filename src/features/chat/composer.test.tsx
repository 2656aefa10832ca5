import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nProvider } from '@lingui/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setLocale } from '../../../tests/render';
import { i18n, loadCatalogPart } from '../../lib/i18n';
import { checkAttachment } from './attachment';
import { chatCatalog } from './catalog';
import { Composer } from './composer';

function renderComposer() {
  const onSend = vi.fn();
  const onFile = vi.fn();
  render(
    <I18nProvider i18n={i18n}>
      <Composer onSend={onSend} onFile={onFile} />
    </I18nProvider>,
  );
  return { onSend, onFile, box: screen.getByRole('textbox') };
}
const file = (name: string, type: string, size = 1000) => {
  const f = new File(['x'], name, { type });
  Object.defineProperty(f, 'size', { value: size });
  return f;
};

describe('the chat message box', () => {
  beforeEach(async () => {
    await setLocale('en');
    await loadCatalogPart(chatCatalog);
  });

  it('sends on Enter, not with Shift, Ctrl, Alt or Meta, and never a blank message', async () => {
    const user = userEvent.setup();
    const { onSend, box } = renderComposer();
    await user.type(box, '   ');
    await user.keyboard('{Enter}');
    expect(onSend).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    // nothing to read in it either: a zero-width space, an ideographic one (the server refuses it: CHAT_EMPTY)
    await user.clear(box);
    await user.type(box, '\u200b\u3000');
    await user.keyboard('{Enter}');
    expect(onSend).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();

    await user.clear(box);
    await user.type(box, 'hello');
    for (const key of ['{Shift>}{Enter}{/Shift}', '{Control>}{Enter}{/Control}', '{Alt>}{Enter}{/Alt}', '{Meta>}{Enter}{/Meta}']) {
      await user.keyboard(key);
    }
    expect(onSend).not.toHaveBeenCalled();
    await user.keyboard('{Enter}');
    expect(onSend).toHaveBeenCalledTimes(1);
    expect(onSend.mock.calls[0]?.[0]).toMatch(/^hello/);
    expect(box).toHaveValue('');
  });

  it('keeps what was typed through a reload of the page, and forgets it once sent', async () => {
    const user = userEvent.setup();
    const first = renderComposer();
    await user.type(first.box, 'half a question');
    cleanup();
    const again = renderComposer();
    expect(again.box).toHaveValue('half a question');
    await user.type(again.box, '{Enter}');
    cleanup();
    expect(renderComposer().box).toHaveValue('');
  });

  it('takes at most 2000 characters and counts down near the limit', () => {
    const { onSend, box } = renderComposer();
    fireEvent.change(box, { target: { value: 'a'.repeat(2100) } });
    expect(box).toHaveValue('a'.repeat(2000));
    expect(screen.getByText('0 characters left')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSend).toHaveBeenCalledWith('a'.repeat(2000));
  });

  it('refuses a file without an extension or of another type, and one over its size limit, saying why', async () => {
    const { onFile } = renderComposer();
    const input = screen.getByLabelText('Photo or video to send');
    fireEvent.change(input, { target: { files: [file('photo', 'image/png')] } });
    expect(screen.getByRole('alert')).toHaveTextContent('File is not supported');
    fireEvent.change(input, { target: { files: [file('notes.pdf', 'application/pdf')] } });
    expect(screen.getByRole('alert')).toHaveTextContent('File is not supported');
    fireEvent.change(input, { target: { files: [file('big.jpg', 'image/jpeg', 10 * 1024 * 1024 + 1)] } });
    expect(screen.getByRole('alert')).toHaveTextContent('The file is too large. Please select file no larger than 10 MB.');
    fireEvent.change(input, { target: { files: [file('clip.mov', 'video/quicktime', 21 * 1024 * 1024)] } });
    expect(screen.getByRole('alert')).toHaveTextContent('no larger than 20 MB.');
    expect(onFile).not.toHaveBeenCalled();

    fireEvent.change(input, { target: { files: [file('clip.MP4', 'video/mp4', 19 * 1024 * 1024)] } });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(onFile).toHaveBeenCalledWith(expect.any(File), 'video');
  });

  it('speaks Thai and Lao', async () => {
    await setLocale('th');
    const { unmount } = render(
      <I18nProvider i18n={i18n}>
        <Composer onSend={vi.fn()} onFile={vi.fn()} />
      </I18nProvider>,
    );
    expect(screen.getByRole('button', { name: 'ส่ง' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'ข้อความ' })).toBeInTheDocument();
    unmount();
    await setLocale('la');
    renderComposer();
    expect(screen.getByRole('button', { name: 'ສົ່ງ' })).toBeInTheDocument();
  });
});

describe('§5 attachment rules', () => {
  it.each([
    ['a.png', 'image/png', { ok: true, kind: 'image' }],
    ['a.JPG', 'image/jpeg', { ok: true, kind: 'image' }],
    ['a.jpeg', '', { ok: true, kind: 'image' }],
    ['a.gif', 'image/gif', { ok: true, kind: 'image' }],
    ['a.mov', 'video/quicktime', { ok: true, kind: 'video' }],
    ['a.mp4', 'video/mp4', { ok: true, kind: 'video' }],
    ['a.png', 'video/mp4', { ok: false, reason: 'unsupported' }],
    ['.png', 'image/png', { ok: false, reason: 'unsupported' }],
    ['a.webp', 'image/webp', { ok: false, reason: 'unsupported' }],
  ])('%s (%s)', (name, type, expected) => {
    expect(checkAttachment({ name, type, size: 10 })).toEqual(expected);
  });
  it('allows exactly 10 MB for an image and 20 MB for a video', () => {
    expect(checkAttachment({ name: 'a.png', type: 'image/png', size: 10 * 1024 * 1024 })).toEqual({ ok: true, kind: 'image' });
    expect(checkAttachment({ name: 'a.mp4', type: 'video/mp4', size: 20 * 1024 * 1024 + 1 })).toEqual({
      ok: false,
      reason: 'too-large',
      maxMb: 20,
    });
  });
});
