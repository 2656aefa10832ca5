import { useSyncExternalStore } from 'react';

export const TOAST_MS = 4_000;

export interface Toast {
  id: number;
  text: string;
  tone: 'success' | 'danger' | 'info';
}

let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

function dismiss(id: number): void {
  toasts = toasts.filter((t) => t.id !== id);
  emit();
}

/** Shows a message for 4 s (§9). Success is green, danger red (§8 call errors). */
export function showToast(text: string, tone: Toast['tone'] = 'info'): void {
  const id = nextId++;
  toasts = [...toasts.slice(-2), { id, text, tone }];
  emit();
  setTimeout(() => dismiss(id), TOAST_MS);
}

const none: Toast[] = [];
const noToasts = () => none;

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

export function ToastRegion({ dismissLabel }: { dismissLabel: string }) {
  const items = useSyncExternalStore(subscribe, () => toasts, noToasts);
  return (
    <div className="toasts" role="status" aria-live="polite">
      {items.map((t) => (
        <div key={t.id} className={`toast toast-${t.tone}`}>
          <span>{t.text}</span>
          <button type="button" className="icon-button" onClick={() => dismiss(t.id)} aria-label={dismissLabel}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
