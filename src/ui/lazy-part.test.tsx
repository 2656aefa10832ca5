import { render, screen } from '@testing-library/react';
import { lazy, type ComponentType } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { LazyPart } from './lazy-part';

/** A home with `Part` in a LazyPart between its heading and a line after it. */
const renderHome = (Part: ComponentType) =>
  render(
    <main>
      <h1>Home</h1>
      <LazyPart>
        <Part />
      </LazyPart>
      <p>after it</p>
    </main>,
  );

describe('a part of a screen whose code loads when shown', () => {
  it('shows once its code has come', async () => {
    const Part = lazy(async () => ({ default: () => <p>the carousel</p> }));
    renderHome(Part);
    expect(await screen.findByText('the carousel')).toBeInTheDocument();
  });

  it('is left out when its code cannot come, and the screen around it stays', async () => {
    // React reports the caught error on the console: expected here
    const reported = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let failed!: () => void;
    const attempted = new Promise<void>((resolve) => (failed = resolve));
    const Part = lazy(() => {
      failed();
      return Promise.reject(new TypeError('Failed to fetch dynamically imported module'));
    });
    renderHome(Part);
    await attempted;
    // the failure has been rendered through (the boundary's null) when the heading is still there after it
    await vi.waitFor(() => expect(reported).toHaveBeenCalled());
    expect(screen.getByRole('heading', { name: 'Home' })).toBeInTheDocument();
    expect(screen.getByText('after it')).toBeInTheDocument();
    reported.mockRestore();
  });
});
