import { useEffect, useRef } from 'react';

/** Moves the keyboard's and the screen reader's place to a screen's (or a step's) heading when it opens. */
export function useFocusHeading<T extends HTMLElement = HTMLHeadingElement>() {
  const ref = useRef<T>(null);
  useEffect(() => ref.current?.focus(), []);
  return ref;
}
