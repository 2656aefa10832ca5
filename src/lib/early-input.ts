export type Field = HTMLInputElement | HTMLTextAreaElement;

/** A field of the pre-rendered form the member changed before the app started (src/mount.tsx). */
export interface Early {
  field: Field;
  value: string;
  checked: boolean;
}

/**
 * Hands it to the app: React hydrates a field as it finds it but resets it to its own state on the
 * next render, so each one is replayed as the member's input (the native setter, then an input event
 * React's onChange hears; a click for a checkbox).
 */
export function replay(early: Early[]): void {
  for (const { field, value, checked } of early) {
    if (!field.isConnected) continue;
    if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) {
      if (field.checked !== checked) field.click();
      continue;
    }
    field.value = ''; // through React's tracker: what it last saw
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field) as object, 'value')?.set?.call(field, value);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
}
