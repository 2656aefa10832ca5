import { useEffect, useId, useRef, useSyncExternalStore, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

export const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Whether Tab stops at an element the selector found: not a hidden one (the slip's `<input type="file" hidden>`,
 * the last of the deposit dialog's, was taken for its last stop, and Tab from the real last one left the
 * dialog for the page behind it), nor one taken out of the order, nor one not drawn (where the browser tells).
 */
export function tabStop(el: HTMLElement): boolean {
  if (el.closest('[hidden], [inert]') || el.tabIndex < 0 || (el instanceof HTMLInputElement && el.type === 'hidden')) return false;
  return el.checkVisibility?.() ?? true;
}

let openCount = 0;
/** §2: the page does not scroll while any modal is open. */
function lockScroll(): () => void {
  openCount += 1;
  document.body.classList.add('scroll-locked');
  return () => {
    openCount -= 1;
    if (openCount === 0) document.body.classList.remove('scroll-locked');
  };
}

export interface ModalProps {
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  /** alertdialog for errors and confirmations; Escape still closes. */
  role?: 'dialog' | 'alertdialog';
  tone?: 'default' | 'danger';
  closeLabel: string;
}

/** The open dialogs, the topmost last: only it answers Escape and Tab. */
const openDialogs: symbol[] = [];
const watchers = new Set<() => void>();
const tellWatchers = () => watchers.forEach((w) => w());

/**
 * Whether a modal is open: what the app opens by itself (the terms) waits for the one the member opened
 * to close, rather than covering it mid-task.
 */
export function useModalOpen(): boolean {
  return useSyncExternalStore(
    (watch) => {
      watchers.add(watch);
      return () => void watchers.delete(watch);
    },
    () => openDialogs.length > 0,
    () => false,
  );
}

/**
 * An accessible modal: labelled by its title, focus moved inside on open, kept inside while open
 * (Tab wraps), returned to what had it on close; Escape and the backdrop close it.
 */
export function Modal({ title, onClose, children, footer, role = 'dialog', tone = 'default', closeLabel }: ModalProps) {
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const body = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });
  useEffect(() => {
    // a body that scrolls and holds nothing focusable is reachable by keyboard to scroll it (axe
    // scrollable-region-focusable); one with a button or a field is scrolled by moving through them.
    // Measured when the body or its content changes size, not on every render (a countdown renders each second).
    const el = body.current;
    if (!el) return;
    const measure = () => {
      if (el.scrollHeight > el.clientHeight && !el.querySelector(FOCUSABLE)) el.tabIndex = 0;
      else el.removeAttribute('tabindex');
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return; // jsdom
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    if (content.current) observer.observe(content.current);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    const self = Symbol('modal');
    openDialogs.push(self);
    tellWatchers();
    const previous = document.activeElement as HTMLElement | null;
    const unlock = lockScroll();
    const first = panel.current?.querySelector<HTMLElement>('[data-autofocus]') ?? panel.current?.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? panel.current)?.focus();

    function onKey(e: KeyboardEvent) {
      if (openDialogs.at(-1) !== self) return; // a dialog opened over this one has the keys
      if (e.key === 'Escape') {
        e.stopPropagation();
        onCloseRef.current();
        return;
      }
      if (e.key !== 'Tab' || !panel.current) return;
      const items = [...panel.current.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(tabStop);
      if (!items.length) return;
      const firstItem = items[0]!;
      const lastItem = items[items.length - 1]!;
      const outside = !panel.current.contains(document.activeElement);
      if (e.shiftKey && (document.activeElement === firstItem || outside)) {
        e.preventDefault();
        lastItem.focus();
      } else if (!e.shiftKey && (document.activeElement === lastItem || outside)) {
        e.preventDefault();
        firstItem.focus();
      }
    }
    document.addEventListener('keydown', onKey, true);
    return () => {
      document.removeEventListener('keydown', onKey, true);
      openDialogs.splice(openDialogs.indexOf(self), 1);
      tellWatchers();
      unlock();
      previous?.focus?.();
    };
  }, []);

  return createPortal(
    // a tap outside closes, as a convenience for touch; keyboard users have Escape and the close button
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions
    <div className="modal-backdrop" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div ref={panel} className={`modal modal-${tone}`} role={role} aria-modal="true" aria-labelledby={titleId} tabIndex={-1}>
        <div className="modal-head">
          <h2 id={titleId}>{title}</h2>
          <button type="button" className="icon-button" onClick={onClose} aria-label={closeLabel}>
            ×
          </button>
        </div>
        <div ref={body} className="modal-body">
          {/* the content's own box: its height changing is what makes the body scroll or not */}
          <div ref={content}>{children}</div>
        </div>
        {footer && <div className="modal-foot">{footer}</div>}
      </div>
    </div>,
    document.body,
  );
}
