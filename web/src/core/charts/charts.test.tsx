import { cleanup, fireEvent, render } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { BarChart, LineChart, RingChart } from './charts';

const LOOK = { color: '#4165d7', dark: false };

beforeAll(() => {
  // jsdom lays nothing out: every box is 400 px wide, at the page's top left.
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 400 });
});
afterEach(cleanup);

describe('the home charts', () => {
  it('draws the trend as a picture with its words, and a click picks the day and the nearest line', () => {
    const onPick = vi.fn();
    const { getByRole, container } = render(
      <LineChart
        look={LOOK}
        locale="en"
        label="30 days: 6 new customers, 2 invitations"
        categories={['11-01', '11-02', '11-03']}
        series={[
          { name: 'New customers', values: [0, 5, 1], area: true },
          { name: 'Invitations', values: [2, 0, 0], dashed: true },
        ]}
        onPick={onPick}
      />,
    );
    const chart = getByRole('img');
    expect(chart.getAttribute('aria-label')).toBe('30 days: 6 new customers, 2 invitations');
    expect(container.querySelectorAll('polyline')).toHaveLength(2);
    // The axis runs 0, 2, 4, 6 (its label "6" is 7 px: the plot starts at 23 px and is 361 px wide,
    // from 36 px down 220 px). The second day is at x 203.5; its 5 new customers at y 72.7.
    fireEvent.click(chart, { clientX: 203, clientY: 80 });
    expect(onPick).toHaveBeenLastCalledWith({ seriesIndex: 0, dataIndex: 1 });
    // The first day: the invitations' 2 (y 182.7) is nearer than the customers' 0 (y 256).
    fireEvent.click(chart, { clientX: 25, clientY: 190 });
    expect(onPick).toHaveBeenLastCalledWith({ seriesIndex: 1, dataIndex: 0 });
    // Outside the plot: nothing.
    fireEvent.click(chart, { clientX: 200, clientY: 5 });
    expect(onPick).toHaveBeenCalledTimes(2);
  });

  it('draws a bar per store, the first on top, and a click picks its row', () => {
    const onPick = vi.fn();
    const { getByRole, container } = render(
      <BarChart
        look={LOOK}
        locale="en"
        label="Invitations by store"
        rows={[
          { name: 'Nanjing Road', value: 9 },
          { name: 'A store with a name far too long to show whole', value: 4 },
          { name: 'Empty', value: 0 },
        ]}
        onPick={onPick}
      />,
    );
    const texts = [...container.querySelectorAll('text')].map((t) => t.textContent);
    expect(texts).toContain('Nanjing Road');
    expect(texts.some((t) => t?.endsWith('…'))).toBe(true);
    // Two bars: none for a count of 0 (its count is still written).
    expect(container.querySelectorAll('path')).toHaveLength(2);
    expect([...container.querySelectorAll('.home-chart-value')].map((t) => t.textContent)).toEqual(['9', '4', '0']);
    // Rows of 34 px from 8 px down: 52 px is the second.
    fireEvent.click(getByRole('img'), { clientX: 200, clientY: 52 });
    expect(onPick).toHaveBeenLastCalledWith({ seriesIndex: 0, dataIndex: 1 });
  });

  it('writes each type’s count and share in the legend, summing to 100%, and a click on one picks it', () => {
    const onPick = vi.fn();
    const { getByRole, getAllByRole } = render(
      <RingChart
        look={LOOK}
        locale="en"
        label="Customers by type"
        slices={[
          { name: 'VIP', value: 1 },
          { name: 'New', value: 1 },
          { name: 'Regular', value: 1 },
        ]}
        onPick={onPick}
      />,
    );
    const items = getAllByRole('listitem').map((li) => li.textContent);
    expect(items).toEqual(['VIP1 · 33.4%', 'New1 · 33.3%', 'Regular1 · 33.3%']);
    const regular = getAllByRole('listitem')[2];
    if (!regular) throw new Error('no legend item');
    fireEvent.click(regular, { clientX: 0, clientY: 0 });
    expect(onPick).toHaveBeenLastCalledWith({ seriesIndex: 0, dataIndex: 2 });
    // The ring itself: a point on it at 3 o'clock (the first slice runs from 12 to 4 o'clock).
    fireEvent.click(getByRole('img'), { clientX: 200 + 80, clientY: 110 });
    expect(onPick).toHaveBeenLastCalledWith({ seriesIndex: 0, dataIndex: 0 });
  });
});
