import { describe, expect, it } from 'vitest';
import { SERVER_PATHS } from './navigation';

const leftToTheNetwork = (pathname: string) => SERVER_PATHS.some((p) => p.test(pathname));

describe('the member service worker’s navigations', () => {
  it('leaves the staff console’s pages to the server, never the member shell', () => {
    for (const pathname of ['/staff', '/staff/', '/staff/audit', '/staff/sign-in']) expect(leftToTheNetwork(pathname), pathname).toBe(true);
  });

  it('still answers the member’s own pages', () => {
    for (const pathname of ['/', '/user/home', '/staffing', '/login']) expect(leftToTheNetwork(pathname), pathname).toBe(false);
  });
});
