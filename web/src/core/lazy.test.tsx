import { act, cleanup, render, screen } from '@testing-library/react';
import { Component, type ReactNode, Suspense } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { preloadable } from './lazy';

function Shown({ text }: { text: string }) {
  return <p>{text}</p>;
}

class Boundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state = { error: null as Error | null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override render() {
    return this.state.error ? <p>failed: {this.state.error.message}</p> : this.props.children;
  }
}

describe('preloadable components', () => {
  afterEach(cleanup);

  it('draws a component whose code has arrived in the first commit, never its fallback', async () => {
    const view = preloadable(async () => Shown);
    await view.load();
    // What React's lazy() does instead: suspend once and commit the fallback first.
    render(
      <Suspense fallback={<p>waiting</p>}>
        <view.Component text="rows" />
      </Suspense>,
    );
    expect(screen.queryByText('waiting')).toBeNull();
    expect(screen.getByText('rows')).toBeTruthy();
  });

  it('shows the fallback until code that was not loaded yet arrives, loading it once', async () => {
    let calls = 0;
    let arrive: (component: typeof Shown) => void = () => undefined;
    const view = preloadable(() => {
      calls++;
      return new Promise<typeof Shown>((resolve) => {
        arrive = resolve;
      });
    });
    await act(async () => {
      render(
        <Suspense fallback={<p>waiting</p>}>
          <view.Component text="rows" />
        </Suspense>,
      );
    });
    expect(screen.getByText('waiting')).toBeTruthy();
    await act(async () => {
      const prefetch = view.load(); // a prefetch meanwhile shares the download
      arrive(Shown);
      await prefetch;
    });
    expect(await screen.findByText('rows', undefined, { timeout: 5000 })).toBeTruthy();
    expect(calls).toBe(1);
  });

  it('a failed load reaches the error boundary and the next load tries again', async () => {
    let calls = 0;
    const view = preloadable(async () => {
      calls++;
      if (calls === 1) throw new Error('offline');
      return Shown;
    });
    await act(async () => {
      render(
        <Boundary>
          <Suspense fallback={<p>waiting</p>}>
            <view.Component text="rows" />
          </Suspense>
        </Boundary>,
      );
    });
    expect(await screen.findByText('failed: offline')).toBeTruthy();
    await expect(view.load()).resolves.toBe(Shown);
    expect(calls).toBe(2);
  });
});
