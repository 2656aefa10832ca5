/** Who waits for a task of their own, first come first served (one channel while any wait: its messages come in order). */
const waiting: (() => void)[] = [];
let channel: MessageChannel | undefined;
/**
 * Resolves in a task of its own, after every earlier caller's: what waits (a tap, a frame, a response) runs
 * before the caller goes on. A message posted to itself, not a timer, which a page's tests may hold still. The
 * app's start steps (src/main.tsx) and each GET (src/lib/api.ts) wait for one.
 */
export const ownTask = () =>
  new Promise<void>((resolve) => {
    if (!channel) {
      const opened = (channel = new MessageChannel());
      opened.port1.onmessage = () => {
        waiting.shift()?.();
        // closed when no one waits (an open port would keep its page, or a test's, alive)
        if (waiting.length) return;
        opened.port1.close();
        channel = undefined;
      };
    }
    waiting.push(resolve);
    channel.port2.postMessage(0);
  });
