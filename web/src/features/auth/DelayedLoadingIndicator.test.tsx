import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DelayedLoadingIndicator } from './DelayedLoadingIndicator';

describe('the reset page’s loading indicator (docs/product.md, "Constants")', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('appears only after 5 s of loading', () => {
    render(<DelayedLoadingIndicator active />);
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    act(() => vi.advanceTimersByTime(4_999));
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('status')).toHaveTextContent('Laddar …');
  });

  it('never appears when loading ends sooner, and starts over for the next wait', () => {
    const { rerender } = render(<DelayedLoadingIndicator active />);
    act(() => vi.advanceTimersByTime(3_000));
    rerender(<DelayedLoadingIndicator active={false} />);
    act(() => vi.advanceTimersByTime(10_000));
    expect(screen.getByRole('status')).toBeEmptyDOMElement();

    rerender(<DelayedLoadingIndicator active />);
    act(() => vi.advanceTimersByTime(3_000));
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    act(() => vi.advanceTimersByTime(2_000));
    expect(screen.getByRole('status')).toHaveTextContent('Laddar …');
  });

  it('disappears as soon as loading ends', () => {
    const { rerender } = render(<DelayedLoadingIndicator active />);
    act(() => vi.advanceTimersByTime(6_000));
    rerender(<DelayedLoadingIndicator active={false} />);
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });
});
