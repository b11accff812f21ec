import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Carousel, type CarouselProps } from './carousel';

const SLIDE = 300;

/** jsdom has no layout: give the track and its slides the sizes a browser would, and a scroll that moves. */
function layOut(track: HTMLElement, perView: number) {
  const slides = Array.from(track.children) as HTMLElement[];
  slides.forEach((slide, index) => {
    Object.defineProperty(slide, 'offsetLeft', { configurable: true, value: index * SLIDE });
  });
  let scrollLeft = 0;
  Object.defineProperties(track, {
    clientWidth: { configurable: true, value: perView * SLIDE },
    scrollWidth: { configurable: true, value: slides.length * SLIDE },
    scrollLeft: {
      configurable: true,
      get: () => scrollLeft,
      set: (value: number) => {
        scrollLeft = value;
      },
    },
  });
  const scrollTo = vi.fn((options: ScrollToOptions) => {
    swipeTo(track, options.left ?? 0);
  });
  track.scrollTo = scrollTo as unknown as typeof track.scrollTo;
  act(() => {
    track.dispatchEvent(new Event('scroll'));
  });
  return scrollTo;
}

/** What a finger (or a finished smooth scroll) does: the track's offset changes and it says so. */
function swipeTo(track: HTMLElement, left: number) {
  track.scrollLeft = left;
  act(() => {
    track.dispatchEvent(new Event('scroll'));
  });
}

function renderCarousel(props: Partial<CarouselProps> = {}, { count = 4, perView = 1 } = {}) {
  render(
    <Carousel label="Offers" {...props}>
      {Array.from({ length: count }, (_, index) => `Slide ${index + 1}`).map((name) => (
        <p key={name}>{name}</p>
      ))}
    </Carousel>,
  );
  const track = screen.getByTestId('carousel-track');
  const scrollTo = layOut(track, perView);
  return { track, scrollTo };
}

const currentDot = () =>
  screen
    .getAllByRole('button', { name: /^Go to slide/ })
    .find((dot) => dot.getAttribute('aria-current') === 'true')
    ?.getAttribute('aria-label');

const lastLeft = (scrollTo: ReturnType<typeof vi.fn>) =>
  (scrollTo.mock.lastCall?.[0] as ScrollToOptions | undefined)?.left;

function reduceMotion() {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: query.includes('prefers-reduced-motion'),
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
      }) as unknown as MediaQueryList,
  );
}

/** One act per tick, so React re-arms the timer between slides as a browser would. */
function advance(ms: number, tick = 1000) {
  for (let elapsed = 0; elapsed < ms; elapsed += tick) {
    act(() => vi.advanceTimersByTime(Math.min(tick, ms - elapsed)));
  }
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('Carousel', () => {
  it('is a labelled carousel region of labelled slides', () => {
    renderCarousel();
    const region = screen.getByRole('region', { name: 'Offers' });
    expect(region.getAttribute('aria-roledescription')).toBe('carousel');
    const slides = within(region).getAllByRole('group');
    expect(slides.map((slide) => slide.getAttribute('aria-label'))).toEqual([
      '1 of 4',
      '2 of 4',
      '3 of 4',
      '4 of 4',
    ]);
    expect(slides[0]?.getAttribute('aria-roledescription')).toBe('slide');
  });

  it('moves one slide per arrow press and disables the arrows at the ends', () => {
    const { scrollTo } = renderCarousel({ arrows: true, dots: true }, { count: 4, perView: 2 });
    const prev = screen.getByRole('button', { name: 'Previous slide' }) as HTMLButtonElement;
    const next = screen.getByRole('button', { name: 'Next slide' }) as HTMLButtonElement;
    // Two at a time leaves three positions, so three dots.
    expect(screen.getAllByRole('button', { name: /^Go to slide/ })).toHaveLength(3);
    expect(prev.disabled).toBe(true);

    fireEvent.click(next);
    expect(scrollTo).toHaveBeenLastCalledWith({ left: SLIDE, behavior: 'smooth' });
    expect(currentDot()).toBe('Go to slide 2');
    expect(prev.disabled).toBe(false);

    fireEvent.click(next);
    expect(lastLeft(scrollTo)).toBe(2 * SLIDE);
    expect(next.disabled).toBe(true);

    fireEvent.click(prev);
    expect(lastLeft(scrollTo)).toBe(SLIDE);
    expect(currentDot()).toBe('Go to slide 2');
  });

  it('goes to the slide of a dot, and the dots follow a swipe', () => {
    const { track, scrollTo } = renderCarousel({ dots: true });
    expect(currentDot()).toBe('Go to slide 1');
    fireEvent.click(screen.getByRole('button', { name: 'Go to slide 3' }));
    expect(lastLeft(scrollTo)).toBe(2 * SLIDE);
    expect(currentDot()).toBe('Go to slide 3');

    swipeTo(track, SLIDE + 20);
    expect(currentDot()).toBe('Go to slide 2');
  });

  it('wraps around from the last slide to the first and back when looping', () => {
    const { scrollTo } = renderCarousel({ arrows: true, dots: true, loop: true });
    const next = screen.getByRole('button', { name: 'Next slide' }) as HTMLButtonElement;
    const prev = screen.getByRole('button', { name: 'Previous slide' }) as HTMLButtonElement;
    expect(prev.disabled).toBe(false);
    fireEvent.click(prev);
    expect(lastLeft(scrollTo)).toBe(3 * SLIDE);
    expect(currentDot()).toBe('Go to slide 4');
    expect(next.disabled).toBe(false);
    fireEvent.click(next);
    expect(lastLeft(scrollTo)).toBe(0);
    expect(currentDot()).toBe('Go to slide 1');
  });

  it('autoplays every interval and wraps around', () => {
    vi.useFakeTimers();
    const { scrollTo } = renderCarousel({ autoplayMs: 4000, loop: true, dots: true });
    act(() => vi.advanceTimersByTime(3999));
    expect(scrollTo).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(scrollTo).toHaveBeenLastCalledWith({ left: SLIDE, behavior: 'smooth' });
    expect(currentDot()).toBe('Go to slide 2');

    advance(3 * 4000);
    expect(scrollTo).toHaveBeenCalledTimes(4);
    expect(lastLeft(scrollTo)).toBe(0);
    expect(currentDot()).toBe('Go to slide 1');
  });

  it('stops at the last slide when not looping', () => {
    vi.useFakeTimers();
    const { scrollTo } = renderCarousel({ autoplayMs: 1000 }, { count: 3 });
    advance(10_000);
    expect(scrollTo).toHaveBeenCalledTimes(2);
    expect(lastLeft(scrollTo)).toBe(2 * SLIDE);
  });

  it('pauses and plays from its button', () => {
    vi.useFakeTimers();
    const { scrollTo } = renderCarousel({ autoplayMs: 4000, loop: true });
    fireEvent.click(screen.getByRole('button', { name: 'Pause slideshow' }));
    advance(20_000);
    expect(scrollTo).not.toHaveBeenCalled();

    const play = screen.getByRole('button', { name: 'Play slideshow' });
    // Play works although the button keeps focus.
    play.focus();
    fireEvent.click(play);
    expect(screen.getByRole('button', { name: 'Pause slideshow' })).toBeTruthy();
    act(() => vi.advanceTimersByTime(4000));
    expect(scrollTo).toHaveBeenCalledTimes(1);
  });

  it('pauses while the mouse is over it and while focus is inside it', () => {
    vi.useFakeTimers();
    const { scrollTo } = renderCarousel({ autoplayMs: 4000, loop: true, dots: true });
    const region = screen.getByRole('region', { name: 'Offers' });

    fireEvent.pointerEnter(region, { pointerType: 'mouse' });
    advance(10_000);
    expect(scrollTo).not.toHaveBeenCalled();
    fireEvent.pointerLeave(region, { pointerType: 'mouse' });
    act(() => vi.advanceTimersByTime(4000));
    expect(scrollTo).toHaveBeenCalledTimes(1);

    const dot = screen.getByRole('button', { name: 'Go to slide 1' });
    act(() => dot.focus());
    advance(10_000);
    expect(scrollTo).toHaveBeenCalledTimes(1);
    act(() => dot.blur());
    act(() => vi.advanceTimersByTime(4000));
    expect(scrollTo).toHaveBeenCalledTimes(2);
  });

  it('pauses while the tab is hidden', () => {
    vi.useFakeTimers();
    let hidden = true;
    vi.spyOn(document, 'hidden', 'get').mockImplementation(() => hidden);
    const { scrollTo } = renderCarousel({ autoplayMs: 4000, loop: true });
    advance(10_000);
    expect(scrollTo).not.toHaveBeenCalled();

    hidden = false;
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    act(() => vi.advanceTimersByTime(4000));
    expect(scrollTo).toHaveBeenCalledTimes(1);
  });

  it('does not autoplay under reduced motion, and jumps instead of gliding', () => {
    vi.useFakeTimers();
    reduceMotion();
    const { scrollTo } = renderCarousel({ autoplayMs: 4000, loop: true, arrows: true });
    expect(screen.queryByRole('button', { name: /slideshow/ })).toBeNull();
    advance(20_000);
    expect(scrollTo).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(scrollTo).toHaveBeenLastCalledWith({ left: SLIDE, behavior: 'auto' });
  });

  it('lets the keyboard scroll a track of plain content, and adds no tab stop when slides have links', () => {
    const { track } = renderCarousel();
    expect(track.tabIndex).toBe(0);
    cleanup();
    render(
      <Carousel label="Links">
        <a href="/one">One</a>
        <a href="/two">Two</a>
      </Carousel>,
    );
    expect(screen.getByTestId('carousel-track').hasAttribute('tabindex')).toBe(false);
  });

  it('shows no controls when every slide already fits', () => {
    renderCarousel({ arrows: true, dots: true, autoplayMs: 4000 }, { count: 3, perView: 3 });
    expect(screen.queryAllByRole('button')).toHaveLength(0);
  });
});
