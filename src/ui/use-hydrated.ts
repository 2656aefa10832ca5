import { useSyncExternalStore } from 'react';

const never = () => () => undefined;

/**
 * False in the pre-rendered HTML and while React hydrates it, true from the render right after (and
 * at once in a page rendered in the browser): for what must wait for JavaScript, such as a submit
 * button that would otherwise post the form the browser's way.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
